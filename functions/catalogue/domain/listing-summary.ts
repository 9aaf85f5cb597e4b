import type { ListingPartition, PublishedEntry } from './listing';

/**
 * The summary of a listing partition, written at publish time beside its entries
 * (docs/decisions/catalogue-versions.md D67): how many of its members fall in each block of the catalogue. Blocks cut
 * the whole catalogue, in product id order, into runs of the same number of products, so the
 * blocks of every partition of one version line up; a union of disjoint partitions has at most
 * a block's size of members in any block. From the summaries alone a reader knows, for each
 * partition, the position at which any block starts, and reads the page's entries by position:
 * no probing, and no item of an earlier page.
 */

/** Members of the partition in each block: [block, count], by block, blocks without members left out. */
export type ListingSummary = readonly (readonly [block: number, count: number])[];

/** `block:count` pairs, comma-separated: compact, and cheap to read back. */
export const encodeSummary = (summary: ListingSummary): string =>
  summary.map(([block, count]) => `${block}:${count}`).join(',');

export const decodeSummary = (text: string): ListingSummary =>
  text === ''
    ? []
    : text.split(',').map((pair) => {
        const [block, count] = pair.split(':').map(Number);
        return [block ?? 0, count ?? 0] as const;
      });

/** Every partition's summary, from the published entries (which carry their block). */
export const listingSummaries = (
  published: readonly PublishedEntry[],
  key: (p: ListingPartition) => string,
): { partition: ListingPartition; summary: ListingSummary }[] => {
  const byKey = new Map<string, { partition: ListingPartition; counts: Map<number, number> }>();
  for (const { partition, block } of published) {
    const k = key(partition);
    let found = byKey.get(k);
    if (!found) {
      found = { partition, counts: new Map() };
      byKey.set(k, found);
    }
    found.counts.set(block, (found.counts.get(block) ?? 0) + 1);
  }
  return [...byKey.values()].map(({ partition, counts }) => ({
    partition,
    summary: [...counts].sort((a, b) => a[0] - b[0]),
  }));
};

/** What to read of each partition for one page of their union. */
export interface UnionPagePlan {
  /** Entries of the union to pass over, once what was read is merged in id order. */
  readonly skip: number;
  /** Positions (1-based, inclusive) to read of each partition, in the order given; undefined: none. */
  readonly ranges: readonly ({ readonly from: number; readonly to: number } | undefined)[];
}

/**
 * Plans a page (`offset` entries in, `limit` long) of the union of disjoint partitions from their
 * summaries: the page starts in the first block where the union's running count passes `offset`,
 * and ends in the first block where it reaches `offset + limit`. Each partition is read over those
 * blocks only, and never more than `skip + limit` entries of it, so what a page reads is at most
 * `limit + 2 × (block size − 1)` entries whatever the page. undefined: the page is past the end.
 */
export const planUnionPage = (
  summaries: readonly (ListingSummary | undefined)[],
  offset: number,
  limit: number,
): UnionPagePlan | undefined => {
  const union = new Map<number, number>();
  for (const summary of summaries) {
    for (const [block, count] of summary ?? []) union.set(block, (union.get(block) ?? 0) + count);
  }
  const blocks = [...union].sort((a, b) => a[0] - b[0]);
  let before = 0;
  let first = 0;
  while (first < blocks.length && before + blocks[first]![1] <= offset) before += blocks[first++]![1];
  if (first === blocks.length) return undefined;
  let last = first;
  for (let through = before + blocks[first]![1]; through < offset + limit && last + 1 < blocks.length; ) {
    through += blocks[++last]![1];
  }
  const [firstBlock, lastBlock] = [blocks[first]![0], blocks[last]![0]];
  const skip = offset - before;
  return {
    skip,
    ranges: summaries.map((summary) => {
      let start = 0;
      let within = 0;
      for (const [block, count] of summary ?? []) {
        if (block < firstBlock) start += count;
        else if (block <= lastBlock) within += count;
      }
      const count = Math.min(within, skip + limit);
      return count > 0 ? { from: start + 1, to: start + count } : undefined;
    }),
  };
};
