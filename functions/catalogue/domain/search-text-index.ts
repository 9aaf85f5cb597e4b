import type { Language } from '#commons/languages';
import { arrayOf, pack, unpack } from './packed-arrays';
import { type SearchDocument, textsIn } from './search-document';
import { termsAnalyser } from './text-analysis';

/**
 * One language's text index of a search snapshot (docs/decisions/search-engine.md D68), built at publish time: an
 * inverted index over the label, title and description in that language (English where a text is
 * not translated, as the views fall back), and the labels the answers show.
 *
 * For each term (sorted, so that a prefix is a range found by binary search), the positions of
 * the products whose texts hold it, ascending, and the term's score in each: BM25F over the
 * three fields (a word in the label weighs 3, in the title 2, in the description 1, each
 * normalised by its field's length in words), computed once here and kept as a 16-bit integer, so
 * a search adds integers and never reads a text. Terms are words and, for the scripts written
 * without spaces, grams (text-analysis.ts, D105), scored alike.
 */
export interface TextIndex {
  /** The language its texts were analysed in, and a search's text is (docs/decisions/search-engine.md D105). */
  readonly language: string;
  readonly count: number;
  readonly terms: readonly string[];
  /** Term t's postings are `starts[t]` to `starts[t + 1]` of `positions` and `scores`. */
  readonly starts: Uint32Array;
  readonly positions: Uint32Array;
  readonly scores: Uint16Array;
  /** Product i's label is the UTF-8 bytes `labels[labelStarts[i]]` to `labels[labelStarts[i + 1]]`. */
  readonly labels: Uint8Array;
  readonly labelStarts: Uint32Array;
}

const FIELDS = ['label', 'title', 'description'] as const;
const BOOST = [3, 2, 1] as const;
/** BM25's usual constants: term frequency saturation and length normalisation. */
const K1 = 1.2;
const B = 0.75;
export const MAX_TERM_SCORE = 0xffff;

const decoder = new TextDecoder();

export const labelOf = (index: TextIndex, position: number): string =>
  decoder.decode(index.labels.subarray(index.labelStarts[position], index.labelStarts[position + 1]));

const encodedLabels = (labels: readonly string[]) => {
  const encoder = new TextEncoder();
  const encoded = labels.map((label) => encoder.encode(label));
  const labelStarts = new Uint32Array(labels.length + 1);
  encoded.forEach((bytes, i) => {
    labelStarts[i + 1] = labelStarts[i]! + bytes.length;
  });
  const bytes = new Uint8Array(labelStarts[labels.length]!);
  encoded.forEach((label, i) => {
    bytes.set(label, labelStarts[i]);
  });
  return { labels: bytes, labelStarts };
};

/** A product's searchable texts in the index language. */
export type ProductTexts = Readonly<Record<(typeof FIELDS)[number], string>>;

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

interface TextMeta {
  /**
   * Absent from an index written before D105, whose terms were cut otherwise: its listings read
   * its labels, but a text search needs the layout that has it (docs/decisions/catalogue-versions.md D73).
   */
  readonly language?: string;
  readonly count: number;
  readonly terms: readonly string[];
}

/**
 * Positions are stored as differences from the previous one of the same term (small numbers,
 * which compress well) and summed back when unpacked.
 */
export const packTextIndex = (index: TextIndex): Uint8Array => {
  const gaps = Uint32Array.from(index.positions);
  for (let t = 0; t < index.terms.length; t++) {
    for (let p = index.starts[t + 1]! - 1; p > index.starts[t]!; p--) gaps[p]! -= gaps[p - 1]!;
  }
  const meta: TextMeta = { language: index.language, count: index.count, terms: index.terms };
  const { starts, scores, labels, labelStarts } = index;
  return pack(meta, { starts, positions: gaps, scores, labels, labelStarts });
};

export const unpackTextIndex = (bytes: Uint8Array): TextIndex => {
  const unpacked = unpack<TextMeta>(bytes);
  const { language = 'en', count, terms } = unpacked.meta;
  const starts = arrayOf(unpacked, 'starts', Uint32Array);
  const positions = arrayOf(unpacked, 'positions', Uint32Array);
  for (let t = 0; t < terms.length; t++) {
    for (let p = starts[t]! + 1; p < starts[t + 1]!; p++) positions[p]! += positions[p - 1]!;
  }
  return {
    language,
    count,
    terms,
    starts,
    positions,
    scores: arrayOf(unpacked, 'scores', Uint16Array),
    labels: arrayOf(unpacked, 'labels', Uint8Array),
    labelStarts: arrayOf(unpacked, 'labelStarts', Uint32Array),
  };
};
