import type { ListingEntry, ListingPartition } from './listing';
import { type ListingSummary, planUnionPage } from './listing-summary';

/** What paging needs from storage; every call is one request and reads at most the items it returns. */
export interface ListingReader {
  /** Entries at positions `from`..`to` (1-based, inclusive) of one partition, in order. */
  readPositions(partition: ListingPartition, from: number, to: number): Promise<ListingEntry[]>;
  /** The summary of each partition (undefined for one with no member), in one request. */
  summaries(partitions: readonly ListingPartition[]): Promise<(ListingSummary | undefined)[]>;
}

export interface PageRequest {
  readonly page: number;
  readonly limit: number;
}

/**
 * One page of the union of disjoint partitions, in product id order (docs/decisions/http-requests.md D7, D67).
 *
 * One partition: a position range. Several: their summaries in one request, which say which
 * positions of each partition the page's blocks hold, then one position range of each partition
 * that has members there, merged. Either way neither the requests nor the items read depend on
 * the page number.
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

  const plan = planUnionPage(await reader.summaries(partitions), offset, limit);
  if (!plan) return [];
  const heads = await Promise.all(
    partitions.map((partition, i) => {
      const range = plan.ranges[i];
      return range ? reader.readPositions(partition, range.from, range.to) : [];
    }),
  );
  return heads
    .flat()
    .sort((a, b) => a.id - b.id)
    .slice(plan.skip, plan.skip + limit);
};
