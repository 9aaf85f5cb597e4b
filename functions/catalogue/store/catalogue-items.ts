import type { Catalogue } from '../domain/catalogue-file';
import { publishListings } from '../domain/listing';
import {
  listingPartitionKey,
  listingSortKey,
  productKey,
  referenceDataKey,
  stockKey,
} from './catalogue-keys';

/**
 * The table items of one catalogue version: the reference data, products, stock levels and
 * every listing entry with its position. The publish workflow writes these, in chunks.
 */
export const catalogueItems = (version: string, catalogue: Catalogue): Record<string, unknown>[] => [
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
