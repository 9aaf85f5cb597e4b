import {
  type ListingEntry,
  type ListingPartition,
  publishListings,
} from '#functions/catalogue/domain/listing';
import type { ListingReader } from '#functions/catalogue/domain/listing-page';
import { listingSummaries } from '#functions/catalogue/domain/listing-summary';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { listingPartitionKey as versionedPartitionKey } from '#functions/contracts/keys/catalogue-keys';

/** Partition keys of one catalogue version. */
const listingPartitionKey = (p: ListingPartition) => versionedPartitionKey('v1', p);

/**
 * A ListingReader over published partitions and their summaries that counts, like DynamoDB
 * would, the items each call reads and the calls (one request each).
 */
export const memoryListingReader = (products: readonly ProductRecord[]) => {
  const published = publishListings(products, listingPartitionKey);
  const partitions = new Map<string, { position: number; entry: ListingEntry }[]>();
  for (const { partition, position, entry } of published) {
    const key = listingPartitionKey(partition);
    partitions.set(key, [...(partitions.get(key) ?? []), { position, entry }]);
  }
  const summaries = new Map(
    listingSummaries(published, listingPartitionKey).map((s) => [
      listingPartitionKey(s.partition),
      s.summary,
    ]),
  );
  const of = (p: ListingPartition) => partitions.get(listingPartitionKey(p)) ?? [];
  const counter = { itemsRead: 0, requests: 0 };
  const read = <T>(items: T[]) => {
    counter.itemsRead += items.length;
    counter.requests += 1;
    return items;
  };
  const reader: ListingReader = {
    async readPositions(p, from, to) {
      return read(of(p).filter((e) => e.position >= from && e.position <= to)).map((e) => e.entry);
    },
    async summaries(asked) {
      const found = asked.map((p) => summaries.get(listingPartitionKey(p)));
      read(found.filter((s) => s !== undefined));
      return found;
    },
  };
  return { reader, counter };
};
