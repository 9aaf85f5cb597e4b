import type { Catalogue } from '../domain/catalogue-file';
import { publishListings } from '../domain/listing';
import { encodeSummary, listingSummaries } from '../domain/listing-summary';
import {
  listingPartitionKey,
  listingSortKey,
  listingSummaryKey,
  productKey,
  referenceDataKey,
  stockKey,
} from './catalogue-keys';

/**
 * The table items of one catalogue version: the reference data, products, stock levels, every
 * listing entry with its position and every listing partition's summary. The publish workflow
 * writes these, in chunks, and removes them with the version.
 */
export const catalogueItems = (version: string, catalogue: Catalogue): Record<string, unknown>[] => {
  const key = (partition: Parameters<typeof listingPartitionKey>[1]) =>
    listingPartitionKey(version, partition);
  const published = publishListings(catalogue.products, key);
  return [
    { ...referenceDataKey(version), ...catalogue.reference },
    ...catalogue.products.map((p) => ({ ...productKey(version, p.id), ...p })),
    ...catalogue.stocks.map((s) => ({ ...stockKey(version, s.productId, s.locationId), ...s })),
    ...published.map(({ partition, position, entry }) => {
      const list = key(partition);
      return { pk: list, sk: listingSortKey(entry.id), list, position, ...entry };
    }),
    // No `list` or `position`: a summary is read by its key, never through the byPosition index.
    ...listingSummaries(published, key).map(({ partition, summary }) => ({
      ...listingSummaryKey(version, partition),
      blocks: encodeSummary(summary),
    })),
  ];
};
