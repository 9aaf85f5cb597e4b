/**
 * Pages in id order that cost what page 1 costs (docs/decisions/search-engine.md D91): the
 * positions of a version's index are cut into blocks of BLOCK_SIZE, and for each filter the index
 * is asked (a key made of its criteria), the number of matches in each block is counted once, by
 * one pass over the positions, and kept while the version is loaded. A page then starts in the
 * block where the running count passes its offset, and walks from there, passing over blocks that
 * hold no match: at most one block before its first match, whatever the page number.
 */

export const BLOCK_SIZE = 1024;

/** How many filters' counts an index keeps (each is 4 bytes per block: 400 bytes at 100,000 products). */
export const KEPT_FILTERS = 256;

/** The matches of `keep` in each block of `count` positions. */
export const blockCounts = (count: number, keep: (i: number) => boolean): Uint32Array => {
  const counts = new Uint32Array(Math.ceil(count / BLOCK_SIZE));
  for (let i = 0; i < count; i++) if (keep(i)) counts[(i / BLOCK_SIZE) | 0]! += 1;
  return counts;
};

/**
 * The positions (ascending) of the page that passes `offset` matches and holds up to `limit`,
 * walked from the block where it starts; blocks without a match are passed over unread.
 */
export const pageFromBlocks = (
  counts: Uint32Array,
  count: number,
  keep: (i: number) => boolean,
  offset: number,
  limit: number,
): number[] => {
  let block = 0;
  let before = 0;
  while (block < counts.length && before + counts[block]! <= offset) before += counts[block++]!;
  const found: number[] = [];
  let skip = offset - before;
  for (; block < counts.length && found.length < limit; block++) {
    if (counts[block] === 0) continue;
    const end = Math.min(count, (block + 1) * BLOCK_SIZE);
    for (let i = block * BLOCK_SIZE; i < end && found.length < limit; i++) {
      if (!keep(i)) continue;
      if (skip > 0) skip--;
      else found.push(i);
    }
  }
  return found;
};

/**
 * The counts of the last KEPT_FILTERS filters asked, most recent last (a Map keeps insertion
 * order, so deleting and setting again on a hit makes it a least-recently-used cache in a few
 * lines, with nothing added to the function's bundle).
 */
export class BlockCountCache {
  readonly #counts = new Map<string, Uint32Array>();

  countsOf(key: string, make: () => Uint32Array): Uint32Array {
    let counts = this.#counts.get(key);
    if (counts) {
      this.#counts.delete(key);
    } else {
      counts = make();
      if (this.#counts.size >= KEPT_FILTERS) this.#counts.delete(this.#counts.keys().next().value!);
    }
    this.#counts.set(key, counts);
    return counts;
  }

  get size(): number {
    return this.#counts.size;
  }
}
