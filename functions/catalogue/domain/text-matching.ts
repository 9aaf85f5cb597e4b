import { termsOf } from './search-document';
import { keptPer, lowerBound } from './search-helpers';
import type { TextIndex } from './search-text-index';

/**
 * Words against a text index (docs/decisions/search-engine.md D68): every word must match a term, the last one
 * also as the start of a term, from its third letter (a client types it). A product's score is
 * the sum over the words of its best term's score; a term the last word only starts weighs
 * PREFIX_WEIGHT of its score, as MiniSearch, which search used first, weighs a prefix match.
 *
 * The cost is one pass over the postings of the words' terms, rarest word first; nothing is
 * sorted unless the last word's terms are several.
 */
export const PREFIX_WEIGHT = 0.375;
const PREFIX_FROM = 3;

/** Read only before the next match on the same index, which reuses them. */
export interface TextMatches {
  /** The positions of the matching products, ascending. */
  readonly positions: Uint32Array;
  /** The score of each matching position. */
  readonly scores: Uint32Array;
}

interface Scratch {
  /** How many of the words, in the order they are matched, a product has matched so far. */
  readonly words: Uint16Array;
  /** The products of the rarest word, then the matches among them. */
  readonly candidates: Uint32Array;
  readonly scores: Uint32Array;
  /** The score of the product's best term for the current word. */
  readonly best: Uint32Array;
}
const scratchOf = keptPer(
  (index: TextIndex): Scratch => ({
    words: new Uint16Array(index.count),
    candidates: new Uint32Array(index.count),
    scores: new Uint32Array(index.count),
    best: new Uint32Array(index.count),
  }),
);

interface Term {
  readonly term: number;
  readonly weight: number;
}

const termsFor = (index: TextIndex, word: string, prefix: boolean): Term[] => {
  const from = lowerBound(index.terms, word);
  if (!prefix) return index.terms[from] === word ? [{ term: from, weight: 1 }] : [];
  const found: Term[] = [];
  for (let t = from; t < index.terms.length && index.terms[t]!.startsWith(word); t++) {
    found.push({ term: t, weight: index.terms[t] === word ? 1 : PREFIX_WEIGHT });
  }
  return found;
};

const NONE: TextMatches = { positions: new Uint32Array(0), scores: new Uint32Array(0) };

export const matchText = (index: TextIndex, text: string): TextMatches => {
  const words = termsOf(text);
  if (words.length === 0 || words.length > 0xfffe) return NONE;
  const wanted = words.map((word, i) =>
    termsFor(index, word, i === words.length - 1 && word.length >= PREFIX_FROM),
  );
  if (wanted.some((terms) => terms.length === 0)) return NONE;
  const size = (terms: readonly Term[]) =>
    terms.reduce((sum, { term }) => sum + index.starts[term + 1]! - index.starts[term]!, 0);
  wanted.sort((a, b) => size(a) - size(b));

  const { words: matched, candidates, scores, best } = scratchOf(index);
  const { starts, positions, scores: termScores } = index;
  // Every product that can match is among the rarest word's.
  let candidateCount = 0;
  wanted.forEach((terms, w) => {
    for (const { term, weight } of terms) {
      for (let p = starts[term]!; p < starts[term + 1]!; p++) {
        const i = positions[p]!;
        const score = weight === 1 ? termScores[p]! : Math.round(termScores[p]! * weight);
        if (matched[i] === w) {
          matched[i] = w + 1;
          scores[i] = (w === 0 ? 0 : scores[i]!) + score;
          best[i] = score;
          if (w === 0) candidates[candidateCount++] = i;
        } else if (matched[i] === w + 1 && score > best[i]!) {
          scores[i]! += score - best[i]!;
          best[i] = score;
        }
      }
    }
  });
  const all = wanted.length;
  let found = 0;
  for (let c = 0; c < candidateCount; c++) {
    const i = candidates[c]!;
    if (matched[i] === all) candidates[found++] = i;
    matched[i] = 0;
  }
  const result = candidates.subarray(0, found);
  // One term's postings are ascending; the union of several is not.
  if (wanted[0]!.length > 1) result.sort();
  return { positions: result, scores };
};
