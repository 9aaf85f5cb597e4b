import type { ListingEntry, ListingPartition } from './listing';

/** What paging needs from storage; every call reads at most the items it returns. */
export interface ListingReader {
  /** Entries at positions `from`..`to` (1-based, inclusive) of one partition, in order. */
  readPositions(partition: ListingPartition, from: number, to: number): Promise<ListingEntry[]>;
  /** Position of the last entry whose id is ≤ `id` (0 when none): one item read. */
  positionAtOrBefore(partition: ListingPartition, id: number): Promise<number>;
  /** The partition's last entry (its position is the partition's size), or undefined when empty. */
  last(partition: ListingPartition): Promise<{ id: number; position: number } | undefined>;
  /** Up to `limit` entries with id ≥ `id`, in id order. */
  readFrom(partition: ListingPartition, id: number, limit: number): Promise<ListingEntry[]>;
}

export interface PageRequest {
  readonly page: number;
  readonly limit: number;
}

/**
 * One page of the union of disjoint partitions, in product id order.
 *
 * One partition: a position range. Several: binary search on the product id for the first id of
 * the page (counting entries ≤ id in each partition costs one item per partition), then read
 * `limit` entries from each partition and merge. Either way the number of items read does not
 * depend on the page number.
 */
export const readListingPage = async (
  reader: ListingReader,
  partitions: readonly ListingPartition[],
  { page, limit }: PageRequest,
): Promise<ListingEntry[]> => {
  const offset = (page - 1) * limit;
  const [only, ...others] = partitions;
  if (!only) return [];
  if (others.length === 0) return reader.readPositions(only, offset + 1, offset + limit);

  const lasts = await Promise.all(partitions.map((p) => reader.last(p)));
  const total = lasts.reduce((sum, l) => sum + (l?.position ?? 0), 0);
  if (offset >= total) return [];
  const countUpTo = async (id: number) =>
    (await Promise.all(partitions.map((p) => reader.positionAtOrBefore(p, id)))).reduce((a, b) => a + b, 0);

  // Smallest id with more than `offset` entries at or before it: the page's first id.
  let low = 1;
  let high = Math.max(...lasts.map((l) => l?.id ?? 0));
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if ((await countUpTo(middle)) > offset) high = middle;
    else low = middle + 1;
  }
  const heads = await Promise.all(partitions.map((p) => reader.readFrom(p, low, limit)));
  return heads
    .flat()
    .sort((a, b) => a.id - b.id)
    .slice(0, limit);
};
