/**
 * Medians with their uncertainty: a percentile bootstrap over paired rounds, from a seeded
 * generator, so the same figures always give the same interval and the same verdict
 * (docs/decisions/functions-and-bundles.md D100).
 *
 * The series are measured in the same rounds (the cold-start benchmark's ratios, one a function,
 * one value a round). Each resample draws round indices with replacement and applies the same
 * draw to every series, so a round's load stays on every function measured in it, and the median
 * over all series gets an interval of its own from the same resamples. Percentiles are the
 * inverse of the resamples' distribution (no interpolation): a bound is always one of the
 * medians the resamples gave.
 *
 * No well-kept npm package computes a bootstrap interval; pure-rand (fast-check's generator)
 * gives the seeded draws.
 */
import { unsafeUniformIntDistribution, xoroshiro128plus } from 'pure-rand';
import { median } from './support';

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** A median and its bootstrap interval. */
export interface MedianEstimate {
  readonly median: number;
  readonly interval: Interval;
}

export interface BootstrapOptions {
  /** How many resamples; 10,000 puts a 2.5 % bound within about 0.3 points of its percentile. */
  readonly resamples: number;
  /** The interval's coverage, 0.95 for 95 %. */
  readonly confidence: number;
  readonly seed: number;
}

export const BOOTSTRAP: BootstrapOptions = { resamples: 10_000, confidence: 0.95, seed: 35 };

export interface MedianIntervals {
  /** Each series' median and interval, in the order given. */
  readonly each: readonly MedianEstimate[];
  /** The median of the series' medians, and its interval. */
  readonly ofMedians: MedianEstimate;
}

/** The smallest value at or above which a share `p` of the sorted values lies: no interpolation. */
export const percentile = (sorted: ArrayLike<number>, p: number): number => {
  if (sorted.length === 0) throw new Error('percentile of nothing');
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
};

const intervalOf = (values: Float64Array, confidence: number): Interval => {
  values.sort();
  const tail = (1 - confidence) / 2;
  return { low: percentile(values, tail), high: percentile(values, 1 - tail) };
};

/** The median of `count` values picked from `values` at `indices`, sorted in `scratch`. */
const medianAt = (values: readonly number[], indices: Uint32Array, scratch: Float64Array): number => {
  for (let i = 0; i < indices.length; i++) scratch[i] = values[indices[i]!]!;
  scratch.sort();
  const mid = scratch.length >> 1;
  return scratch.length % 2 ? scratch[mid]! : (scratch[mid - 1]! + scratch[mid]!) / 2;
};

/**
 * Each series' median with its interval, and the median of those medians with its own, from
 * the same resampled rounds. Every series holds one value per round, the same rounds.
 */
export function medianIntervals(
  series: readonly (readonly number[])[],
  options: BootstrapOptions = BOOTSTRAP,
): MedianIntervals {
  const rounds = series[0]?.length ?? 0;
  if (rounds === 0) throw new Error('No rounds to resample');
  if (series.some((s) => s.length !== rounds)) {
    throw new Error(
      `Every series needs one value a round (${rounds}); lengths ${series.map((s) => s.length)}`,
    );
  }
  if (!(options.resamples > 0) || !(options.confidence > 0 && options.confidence < 1)) {
    throw new Error(`Bootstrap needs resamples > 0 and 0 < confidence < 1, not ${JSON.stringify(options)}`);
  }
  const rng = xoroshiro128plus(options.seed);
  const indices = new Uint32Array(rounds);
  const scratch = new Float64Array(rounds);
  const across = new Float64Array(series.length);
  const resampled = series.map(() => new Float64Array(options.resamples));
  const ofMedians = new Float64Array(options.resamples);
  for (let b = 0; b < options.resamples; b++) {
    for (let i = 0; i < rounds; i++) indices[i] = unsafeUniformIntDistribution(0, rounds - 1, rng);
    series.forEach((values, s) => {
      const m = medianAt(values, indices, scratch);
      resampled[s]![b] = m;
      across[s] = m;
    });
    ofMedians[b] = median(Array.from(across));
  }
  const medians = series.map((values) => median(values));
  return {
    each: series.map((_, s) => ({
      median: medians[s]!,
      interval: intervalOf(resampled[s]!, options.confidence),
    })),
    ofMedians: { median: median(medians), interval: intervalOf(ofMedians, options.confidence) },
  };
}

/**
 * Over its budget only when the whole interval is: noise that moves the median across the
 * budget cannot make the verdict "over", a true excess larger than the noise does.
 */
export const overBudget = (estimate: MedianEstimate, budget: number): boolean =>
  estimate.interval.low > budget;
