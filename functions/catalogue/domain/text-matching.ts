import { keptPer, lowerBound } from './search-helpers';
import type { TextIndex } from './search-text-index';
import { type QueryWord, queryOf } from './text-analysis';

/**
 * Words against a text index (docs/decisions/search-engine.md D68, D105), the text analysed in the
 * index's language: every word must match a term, the last one also as the start of a term, from
 * its third letter (a client types it). A run of a script written without spaces (text-analysis.ts)
 * must find each of its pairs of adjacent characters (one character: that one) in the product's
 * texts, wherever the segmenter cut them; those grams weigh GRAM_WEIGHT of their mean score, and
 * each of the run's words the product holds whole adds its own score, so whole words rank first.
 * A product's score is the sum over the words of its best term's score; a term the last word only
 * starts weighs PREFIX_WEIGHT of its score, as MiniSearch, which search used first, weighs a
 * prefix match.
 *
 * The cost is one pass over the postings of the words' and grams' terms, rarest first, and one
 * over the runs' words; nothing is sorted unless the last word's terms are several.
 */
export const PREFIX_WEIGHT = 0.375;
export const GRAM_WEIGHT = 0.375;
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

/** What a product must match, each one of its terms (rarest first, later), and the terms that only add to its score. */
const wantedOf = (index: TextIndex, words: readonly QueryWord[]) => {
  const wanted: Term[][] = [];
  const bonus: number[] = [];
  words.forEach((word, w) => {
    if ('word' in word) {
      const last = w === words.length - 1;
      wanted.push(termsFor(index, word.word, last && word.word.length >= PREFIX_FROM));
      return;
    }
    const weight = GRAM_WEIGHT / word.grams.length;
    for (const gram of word.grams)
      wanted.push(termsFor(index, gram, false).map(({ term }) => ({ term, weight })));
    for (const whole of word.words) bonus.push(...termsFor(index, whole, false).map(({ term }) => term));
  });
  return { wanted, bonus };
};

export const matchText = (index: TextIndex, text: string): TextMatches => {
  const { wanted, bonus } = wantedOf(index, queryOf(text, index.language));
  if (wanted.length === 0 || wanted.length > 0xfffe) return NONE;
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
  for (const term of bonus) {
    for (let p = starts[term]!; p < starts[term + 1]!; p++) {
      const i = positions[p]!;
      if (matched[i] === all) scores[i]! += termScores[p]!;
    }
  }
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
