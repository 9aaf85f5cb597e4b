import { BOOTSTRAP, medianIntervals, overBudget, percentile } from '#bench/median-interval';

/**
 * 21 distinct ratios, given out of order. For an odd count n = 2m + 1 of distinct values, the
 * bootstrap's median is at most the j-th smallest exactly when at least m + 1 of the n draws are:
 * P = P(Binomial(n, j/n) ≥ m + 1). For n = 21 that is 0.0183 at j = 6 and 0.0557 at j = 7, 0.9443
 * at j = 14 and 0.9817 at j = 15, so the exact 95 % percentile interval is [7th, 15th smallest]:
 * [1.06, 1.14], whatever the seed, once the resamples are many.
 */
const RATIOS = [
  1.1, 1.03, 1.17, 1.0, 1.12, 1.08, 1.19, 1.05, 1.14, 1.01, 1.2, 1.09, 1.04, 1.16, 1.11, 1.02, 1.18, 1.07,
  1.13, 1.06, 1.15,
];

/** P(Binomial(n, p) ≥ k). */
const atLeast = (n: number, p: number, k: number) => {
  let sum = 0;
  for (let i = k; i <= n; i++) {
    let choose = 1;
    for (let c = 1; c <= i; c++) choose = (choose * (n - i + c)) / c;
    sum += choose * p ** i * (1 - p) ** (n - i);
  }
  return sum;
};

describe('the bootstrap interval of a median over paired rounds', () => {
  it('is the exact percentile interval of known data, [1.06, 1.14] about its median 1.10', () => {
    // The derivation above, computed rather than trusted.
    const below = (j: number) => atLeast(21, j / 21, 11);
    expect([below(6), below(7), below(14), below(15)].map((p) => Number(p.toFixed(4)))).toEqual([
      0.0183, 0.0557, 0.9443, 0.9817,
    ]);
    const { each } = medianIntervals([RATIOS]);
    expect(each[0]!.median).toBeCloseTo(1.1, 10);
    expect(each[0]!.interval.low).toBeCloseTo(1.06, 10);
    expect(each[0]!.interval.high).toBeCloseTo(1.14, 10);
  });

  it('gives the same interval for the same seed, and the exact one for another seed too', () => {
    const again = medianIntervals([RATIOS]);
    expect(again).toEqual(medianIntervals([RATIOS]));
    const other = medianIntervals([RATIOS], { ...BOOTSTRAP, seed: 7 }).each[0]!.interval;
    expect(other.low).toBeCloseTo(1.06, 10);
    expect(other.high).toBeCloseTo(1.14, 10);
  });

  it('draws the same rounds for every series, so a series shifted by 0.1 has its interval shifted by 0.1', () => {
    const { each, ofMedians } = medianIntervals([
      RATIOS,
      RATIOS.map((r) => r + 0.1),
      RATIOS.map((r) => r + 0.2),
    ]);
    expect(each[1]!.interval.low - each[0]!.interval.low).toBeCloseTo(0.1, 10);
    expect(each[1]!.interval.high - each[0]!.interval.high).toBeCloseTo(0.1, 10);
    // The median of the three medians is the middle series in every resample.
    expect(ofMedians.median).toBeCloseTo(1.2, 10);
    expect(ofMedians.interval.low).toBeCloseTo(each[1]!.interval.low, 10);
    expect(ofMedians.interval.high).toBeCloseTo(each[1]!.interval.high, 10);
  });

  it('is a single point for rounds that all measured the same', () => {
    const { each } = medianIntervals([Array.from({ length: 8 }, () => 1.04)]);
    expect(each[0]).toEqual({ median: 1.04, interval: { low: 1.04, high: 1.04 } });
  });

  it('refuses series measured in different rounds, or none', () => {
    expect(() => medianIntervals([RATIOS, RATIOS.slice(1)])).toThrow(
      /one value a round \(21\); lengths 21,20/,
    );
    expect(() => medianIntervals([[]])).toThrow(/No rounds/);
  });
});

describe('the verdict', () => {
  const estimate = (low: number, high: number) => ({ median: (low + high) / 2, interval: { low, high } });

  it('is over only when the whole interval is above the budget', () => {
    expect(overBudget(estimate(1.101, 1.15), 1.1)).toBe(true);
    expect(overBudget(estimate(1.1, 1.15), 1.1)).toBe(false);
    // A median over the budget whose interval reaches below it is noise, not an excess.
    expect(overBudget(estimate(1.08, 1.14), 1.1)).toBe(false);
  });
});

describe('percentile', () => {
  it('is the smallest value with at least that share of the values at or below it', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect([0.025, 0.1, 0.5, 0.51, 0.975, 1].map((p) => percentile(sorted, p))).toEqual([1, 1, 5, 6, 10, 10]);
  });
});
