import type { ListingPartition, PublishedEntry } from './listing';

/**
 * The summary of a listing partition, written at publish time beside its entries
 * (docs/decisions/catalogue-versions.md D67): how many of its members fall in each block of the catalogue. Blocks cut
 * the whole catalogue, in product id order, into runs of the same number of products, so the
 * blocks of every partition of one version line up; a union of disjoint partitions has at most
 * a block's size of members in any block. A publish of layout 3 still writes them; no reader
 * reads them since listings are answered from the search snapshot (docs/decisions/search-engine.md
 * D91), and layout 4 stops writing them.
 */

/** Members of the partition in each block: [block, count], by block, blocks without members left out. */
export type ListingSummary = readonly (readonly [block: number, count: number])[];

/** `block:count` pairs, comma-separated: compact, and cheap to read back. */
export const encodeSummary = (summary: ListingSummary): string =>
  summary.map(([block, count]) => `${block}:${count}`).join(',');

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
