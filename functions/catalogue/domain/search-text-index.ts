import { arrayOf, pack, unpack } from './packed-arrays';

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

export const FIELDS = ['label', 'title', 'description'] as const;
export const MAX_TERM_SCORE = 0xffff;

const decoder = new TextDecoder();

export const labelOf = (index: TextIndex, position: number): string =>
  decoder.decode(index.labels.subarray(index.labelStarts[position], index.labelStarts[position + 1]));

export const encodedLabels = (labels: readonly string[]) => {
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

/** An index of no product: what a stage nothing was published to searches. */
export const emptyTextIndex = (language: string): TextIndex => ({
  language,
  count: 0,
  terms: [],
  starts: new Uint32Array(1),
  positions: new Uint32Array(0),
  scores: new Uint16Array(0),
  labels: new Uint8Array(0),
  labelStarts: new Uint32Array(1),
});

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
