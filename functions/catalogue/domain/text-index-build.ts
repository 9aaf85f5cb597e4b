import type { Language } from '#commons/languages';
import { type SearchDocument, textsIn } from './search-document';
import {
  encodedLabels,
  FIELDS,
  MAX_TERM_SCORE,
  type ProductTexts,
  type TextIndex,
} from './search-text-index';
import { termsAnalyser } from './text-analysis';

/**
 * Building a text index (search-text-index.ts) at publish time, with the text analysis of every
 * script (docs/decisions/search-engine.md D105): what the publish step runs, and no reader loads.
 */

const BOOST = [3, 2, 1] as const;
/** BM25's usual constants: term frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;

/** The text index of documents in id order, in one language (English where a text is not translated). */
export const textIndexOf = (documents: readonly SearchDocument[], language: Language): TextIndex =>
  textIndexOfTexts(
    documents.map((d) => textsIn(d, language)),
    language,
  );

/**
 * The text index of products' texts in one language (a BCP 47 tag), in id order. A field's
 * length is its count of words: grams add terms, not length, so a text without spaceless runs
 * scores as it did before them.
 */
export const textIndexOfTexts = (texts: readonly ProductTexts[], language: string): TextIndex => {
  const count = texts.length;
  const analyse = termsAnalyser(language);
  const lengths = FIELDS.map(() => new Uint32Array(count));
  // Per term: the positions holding it, and its frequency in each field there.
  const postings = new Map<string, { positions: number[]; frequencies: number[] }>();
  texts.forEach((text, i) => {
    const inDocument = new Map<string, number[]>();
    FIELDS.forEach((field, f) => {
      const { words, grams } = analyse(text[field]);
      lengths[f]![i] = words.length;
      for (const terms of [words, grams]) {
        for (const term of terms) {
          const frequencies = inDocument.get(term) ?? [0, 0, 0];
          frequencies[f]! += 1;
          inDocument.set(term, frequencies);
        }
      }
    });
    for (const [term, frequencies] of inDocument) {
      const posting = postings.get(term) ?? { positions: [], frequencies: [] };
      posting.positions.push(i);
      posting.frequencies.push(...frequencies);
      postings.set(term, posting);
    }
  });
  const average = lengths.map((l) => l.reduce((sum, n) => sum + n, 0) / Math.max(1, count));
  const terms = [...postings.keys()].sort();
  const starts = new Uint32Array(terms.length + 1);
  terms.forEach((term, t) => {
    starts[t + 1] = starts[t]! + postings.get(term)!.positions.length;
  });
  const positions = new Uint32Array(starts[terms.length]!);
  const raw = new Float64Array(positions.length);
  terms.forEach((term, t) => {
    const posting = postings.get(term)!;
    const df = posting.positions.length;
    const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
    posting.positions.forEach((i, p) => {
      let weighted = 0;
      for (let f = 0; f < FIELDS.length; f++) {
        const tf = posting.frequencies[p * FIELDS.length + f]!;
        if (tf > 0) weighted += (BOOST[f]! * tf) / (1 - B + (B * lengths[f]![i]!) / average[f]!);
      }
      positions[starts[t]! + p] = i;
      raw[starts[t]! + p] = (idf * weighted * (K1 + 1)) / (weighted + K1);
    });
  });
  const top = raw.reduce((max, s) => Math.max(max, s), 0);
  const scores = Uint16Array.from(raw, (s) => Math.max(1, Math.round((s / top) * MAX_TERM_SCORE)));
  const labels = encodedLabels(texts.map((text) => text.label));
  return { language, count, terms, starts, positions, scores, ...labels };
};
