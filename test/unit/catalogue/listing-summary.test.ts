import fc from 'fast-check';
import { listingBlockSize } from '#functions/catalogue/domain/listing-blocks';
import {
  decodeSummary,
  encodeSummary,
  type ListingSummary,
  planUnionPage,
} from '#functions/catalogue/domain/listing-summary';

describe('listing summaries', () => {
  it('encode and decode to the same summary', () => {
    const summaries = fc
      .uniqueArray(fc.nat(5_000))
      .map((blocks) => blocks.sort((a, b) => a - b).map((b) => [b, 1 + (b % 97)] as const));
    fc.assert(
      fc.property(summaries, (summary) => expect(decodeSummary(encodeSummary(summary))).toEqual(summary)),
    );
    expect(decodeSummary('')).toEqual([]);
  });

  it('makes blocks of at least 16 products, and at most about 1,000 blocks', () => {
    expect(listingBlockSize(0)).toBe(16);
    expect(listingBlockSize(200)).toBe(16);
    expect(listingBlockSize(100_000)).toBe(100);
    expect(Math.ceil(1_000_000 / listingBlockSize(1_000_000))).toBeLessThanOrEqual(1_000);
  });
});

describe('planUnionPage', () => {
  // Two partitions over blocks of 4: A has 2, 0, 3 members in blocks 0..2; B 1, 4, 0.
  const a: ListingSummary = [
    [0, 2],
    [2, 3],
  ];
  const b: ListingSummary = [
    [0, 1],
    [1, 4],
  ];

  it('reads each partition over the page blocks only', () => {
    // The union has 3, 4 and 3 members in blocks 0, 1, 2; entries 4..5 are in block 1.
    expect(planUnionPage([a, b], 3, 2)).toEqual({ skip: 0, ranges: [undefined, { from: 2, to: 3 }] });
    // Entries 5..8: from block 1 (1 to pass over) to block 2.
    expect(planUnionPage([a, b], 4, 4)).toEqual({
      skip: 1,
      ranges: [
        { from: 3, to: 5 },
        { from: 2, to: 5 },
      ],
    });
  });

  it('never reads more of a partition than the page can use', () => {
    expect(planUnionPage([a, b], 0, 1)).toEqual({
      skip: 0,
      ranges: [
        { from: 1, to: 1 },
        { from: 1, to: 1 },
      ],
    });
  });

  it('is undefined past the end, and for empty partitions', () => {
    expect(planUnionPage([a, b], 10, 5)).toBeUndefined();
    expect(planUnionPage([undefined, undefined], 0, 5)).toBeUndefined();
    expect(planUnionPage([a, undefined], 4, 5)).toEqual({ skip: 2, ranges: [{ from: 3, to: 5 }, undefined] });
  });
});
