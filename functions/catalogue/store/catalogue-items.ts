import { publishListings } from '../domain/listing';
import type { ProductRecord } from '../domain/product';
import type { ReferenceData, StockLevel } from '../domain/reference-data';
import {
  listingPartitionKey,
  listingSortKey,
  productKey,
  referenceDataKey,
  stockKey,
} from './catalogue-keys';

export interface CatalogueContent {
  readonly products: readonly ProductRecord[];
  readonly stocks: readonly StockLevel[];
  readonly reference: ReferenceData;
}

/**
 * The table items of one catalogue version: the reference data, products, stock levels and
 * every listing entry with its position. The publish workflow writes these, in chunks.
 */
export const catalogueItems = (version: string, catalogue: CatalogueContent): Record<string, unknown>[] => [
  { ...referenceDataKey(version), ...catalogue.reference },
  ...catalogue.products.map((p) => ({ ...productKey(version, p.id), ...p })),
  ...catalogue.stocks.map((s) => ({ ...stockKey(version, s.productId, s.locationId), ...s })),
  ...publishListings(catalogue.products, (partition) => listingPartitionKey(version, partition)).map(
    ({ partition, position, entry }) => {
      const list = listingPartitionKey(version, partition);
      return { pk: list, sk: listingSortKey(entry.id), list, position, ...entry };
    },
  ),
];
