import { madeOnce } from './search-helpers';
import { fold } from './text-folding';

/**
 * How a text becomes the terms of the search's text index, and a search's text the words it
 * looks for (docs/decisions/search-engine.md D105), the same way at publish and at query time.
 *
 * The folded text (text-folding.ts) is cut at spaces and punctuation, as before; a piece is a
 * word, except its runs of the scripts written without spaces between words (Chinese, Japanese,
 * Korean's Hangul, Thai, Lao, Khmer, Myanmar): `Intl.Segmenter` (Node's ICU, its dictionaries)
 * cuts each run into words, and the run also gives its characters and its pairs of adjacent
 * characters as gram terms, the recall net for names the dictionary does not know. Grams are
 * marked by a leading space, which no word holds, so they never meet a word.
 */
export const GRAM_MARK = ' ';

/** Spaces and punctuation: what separates words (MiniSearch's tokenizer, which search used first). */
const BETWEEN_WORDS = /[\n\r\p{Z}\p{P}]+/u;
const SPACELESS =
  '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmer}\\p{scx=Myanmar}';
/** Splits a piece into what lies between runs (even indexes) and the runs (odd ones). */
const runs = madeOnce(() => new RegExp(`([${SPACELESS}]+)`, 'u'));

/** A part of a text: a word as before, or a run of a spaceless script and the segmenter's words of it. */
type Part = { readonly word: string } | { readonly run: string; readonly words: readonly string[] };

/** Cuts a run into words: made the first time a text has a run, since the first costs about 8 ms (ICU's data). */
type Segmenter = () => Intl.Segmenter;

const segmenters = new Map<string, Intl.Segmenter>();

/**
 * The word segmenter of a language: ICU's for the tag, which Intl looks up from the specific to
 * the general (`zh-Hant-TW` → `zh-Hant` → `zh`) down to the root; a tag Intl cannot read gets the
 * root's. The dictionaries are chosen by script, so any tag cuts any script's runs.
 */
const segmenterOf =
  (language: string): Segmenter =>
  () => {
    let segmenter = segmenters.get(language);
    if (!segmenter) {
      try {
        segmenter = new Intl.Segmenter(language, { granularity: 'word' });
      } catch {
        segmenter = new Intl.Segmenter('und', { granularity: 'word' });
      }
      segmenters.set(language, segmenter);
    }
    return segmenter;
  };

/** The parts of one piece of a text between spaces and punctuation, folded. */
const partsOfPiece = (raw: string, segmenter: Segmenter): Part[] => {
  const parts: Part[] = [];
  // Folding can make a separator (`⑴` → `(1)`): cut again.
  for (const piece of fold(raw).split(BETWEEN_WORDS)) {
    piece.split(runs()).forEach((part, i) => {
      if (part !== '')
        parts.push(i % 2 === 0 ? { word: part } : { run: part, words: wordsOfRun(part, segmenter) });
    });
  }
  return parts;
};

/** The parts of a text, in order; `known` keeps each piece's parts for the next time it comes. */
const partsOf = (text: string, segmenter: Segmenter, known?: Map<string, Part[]>): Part[] => {
  const parts: Part[] = [];
  for (const raw of text.split(BETWEEN_WORDS)) {
    if (raw === '') continue;
    let pieceParts = known?.get(raw);
    if (!pieceParts) {
      pieceParts = partsOfPiece(raw, segmenter);
      known?.set(raw, pieceParts);
    }
    parts.push(...pieceParts);
  }
  return parts;
};

const wordsOfRun = (run: string, segmenter: Segmenter): string[] => {
  const words: string[] = [];
  for (const { segment, isWordLike } of segmenter().segment(run)) if (isWordLike) words.push(segment);
  // A run the segmenter finds no word in (`々` alone) is one: a text with terms has a length.
  return words.length > 0 ? words : [run];
};

/** A run's characters (code points), marked as grams. */
const charactersOf = (run: string) => Array.from(run, (c) => GRAM_MARK + c);
/** A run's pairs of adjacent characters, marked as grams. */
const pairsOf = (run: string) => {
  const characters = Array.from(run);
  return characters.slice(1).map((c, i) => GRAM_MARK + characters[i] + c);
};

/** A text's terms: its words (the spaceless runs' as the segmenter cut them), and the runs' grams. */
export interface Terms {
  readonly words: readonly string[];
  readonly grams: readonly string[];
}

const termsOfParts = (parts: readonly Part[]): Terms => {
  const words: string[] = [];
  const grams: string[] = [];
  for (const part of parts) {
    if ('word' in part) words.push(part.word);
    else {
      words.push(...part.words);
      grams.push(...charactersOf(part.run), ...pairsOf(part.run));
    }
  }
  return { words, grams };
};

/** A text's terms in a language (a BCP 47 tag: `en`, `ja`, `zh-Hant`, `th`), as the index holds them. */
export const termsOf = (text: string, language: string): Terms =>
  termsOfParts(partsOf(text, segmenterOf(language)));

/**
 * termsOf for the many texts of one index: a piece between spaces and punctuation is folded and
 * segmented once however often it comes (words repeat).
 */
export const termsAnalyser = (language: string) => {
  const segmenter = segmenterOf(language);
  const known = new Map<string, Part[]>();
  return (text: string): Terms => termsOfParts(partsOf(text, segmenter, known));
};

/** A word of a search's text: a word as before, or a run of a spaceless script. */
export type QueryWord =
  | { readonly word: string }
  | {
      /** The grams a product must hold: the run's pairs, or its one character. */
      readonly grams: readonly string[];
      /** The segmenter's words of the run, which rank a product that holds them whole higher. */
      readonly words: readonly string[];
    };

/** The words a search's text looks for, in the language of the index it searches. */
export const queryOf = (text: string, language: string): QueryWord[] =>
  partsOf(text, segmenterOf(language)).map((part) => {
    if ('word' in part) return part;
    const pairs = pairsOf(part.run);
    return { grams: [...new Set(pairs.length > 0 ? pairs : charactersOf(part.run))], words: part.words };
  });
