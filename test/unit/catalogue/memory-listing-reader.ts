import {
  type ListingEntry,
  type ListingPartition,
  publishListings,
} from '../../../functions/catalogue/domain/listing';
import type { ListingReader } from '../../../functions/catalogue/domain/listing-page';
import type { ProductRecord } from '../../../functions/catalogue/domain/product';
import { listingPartitionKey as versionedPartitionKey } from '../../../functions/catalogue/store/catalogue-keys';

/** Partition keys of one catalogue version. */
const listingPartitionKey = (p: ListingPartition) => versionedPartitionKey('v1', p);

/** A ListingReader over published partitions that counts the items each call reads, like DynamoDB would. */
export const memoryListingReader = (products: readonly ProductRecord[]) => {
  const partitions = new Map<string, { position: number; entry: ListingEntry }[]>();
  for (const { partition, position, entry } of publishListings(products, listingPartitionKey)) {
    const key = listingPartitionKey(partition);
    partitions.set(key, [...(partitions.get(key) ?? []), { position, entry }]);
  }
  const of = (p: ListingPartition) => partitions.get(listingPartitionKey(p)) ?? [];
  const counter = { itemsRead: 0 };
  const read = <T>(items: T[]) => {
    counter.itemsRead += items.length;
    return items;
  };
  const reader: ListingReader = {
    async readPositions(p, from, to) {
      return read(of(p).filter((e) => e.position >= from && e.position <= to)).map((e) => e.entry);
    },
    async positionAtOrBefore(p, id) {
      return (
        read(
          of(p)
            .filter((e) => e.entry.id <= id)
            .slice(-1),
        )[0]?.position ?? 0
      );
    },
    async last(p) {
      const [last] = read(of(p).slice(-1));
      return last && { id: last.entry.id, position: last.position };
    },
    async readFrom(p, id, limit) {
      return read(
        of(p)
          .filter((e) => e.entry.id >= id)
          .slice(0, limit),
      ).map((e) => e.entry);
    },
  };
  return { reader, counter };
};
