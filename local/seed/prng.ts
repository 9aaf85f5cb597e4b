/**
 * A small seeded pseudo-random generator (mulberry32), so the seed is the same on every machine
 * and every run: tests compute their expected answers from the same data the sandbox serves.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(values: readonly T[]): T;
  /** A new array with the values in a random order (Fisher–Yates). */
  shuffle<T>(values: readonly T[]): T[];
}

export const createPrng = (seed: number): Prng => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (values) => {
      if (values.length === 0) throw new Error('Cannot pick from an empty list');
      return values[int(0, values.length - 1)]!;
    },
    shuffle: (values) => {
      const out = [...values];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
};
