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

/**
 * The table items that publish a catalogue: products, stock levels, reference data and every
 * listing entry with its position. The sandbox seed writes these; a production import job
 * would write the same.
 */
export const catalogueItems = (
  products: readonly ProductRecord[],
  stocks: readonly StockLevel[],
  reference: ReferenceData,
): Record<string, unknown>[] => [
  { ...referenceDataKey, ...reference },
  ...products.map((p) => ({ ...productKey(p.id), ...p })),
  ...stocks.map((s) => ({ ...stockKey(s.productId, s.locationId), ...s })),
  ...publishListings(products, listingPartitionKey).map(({ partition, position, entry }) => ({
    pk: listingPartitionKey(partition),
    sk: listingSortKey(entry.id),
    list: listingPartitionKey(partition),
    position,
    ...entry,
  })),
];
