import type { FontFamily } from '#functions/contracts/report-fonts';

/**
 * Which font family prints each character of a text, and the text's runs: the spans of one family
 * and one bidi embedding level, which are shaped one at a time and drawn in visual order
 * (docs/decisions/report-export.md D101).
 */

const ARABIC = /\p{Script=Arabic}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const HANGUL = /\p{Script=Hangul}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;
const BOPOMOFO = /\p{Script=Bopomofo}/u;
/** Spaces, digits, punctuation, symbols, combining marks, joiners: no script of their own. */
const NO_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;
/**
 * Joiners, bidi marks, variation selectors…: never drawn (each becomes an empty glyph of no
 * width), so they go with their neighbours whatever a font holds for them.
 */
export const INVISIBLE = /^\p{Default_Ignorable_Code_Point}+$/u;

/**
 * The family for Han characters in this text. A name in kanji alone cannot say whether it is
 * Japanese or Chinese: kana beside it say Japanese, Hangul Korean, Bopomofo Traditional Chinese;
 * otherwise Simplified Chinese, whose font has the most Han characters (28,244).
 */
export const hanFamilyOf = (text: string): FontFamily =>
  KANA.test(text)
    ? 'japanese'
    : HANGUL.test(text)
      ? 'korean'
      : BOPOMOFO.test(text)
        ? 'traditionalChinese'
        : 'simplifiedChinese';

/** The family a character's own script asks for; undefined for a character of no script. */
export const scriptFamily = (char: string, hanFamily: FontFamily): FontFamily | undefined => {
  if (NO_SCRIPT.test(char)) return undefined;
  if (ARABIC.test(char)) return 'arabic';
  if (HEBREW.test(char)) return 'hebrew';
  if (HANGUL.test(char)) return 'korean';
  if (KANA.test(char)) return 'japanese';
  if (HAN.test(char)) return hanFamily;
  if (BOPOMOFO.test(char)) return 'traditionalChinese';
  return 'latin';
};

const ALL_FAMILIES: readonly FontFamily[] = [
  'latin',
  'arabic',
  'hebrew',
  'simplifiedChinese',
  'traditionalChinese',
  'japanese',
  'korean',
];

/** Where to look for a character's glyph: the family asked for first, then every other. */
export const familiesToTry = (preferred: FontFamily, hanFamily: FontFamily): FontFamily[] => [
  ...new Set([preferred, hanFamily, ...ALL_FAMILIES]),
];

/** One character of a text and what prints it. */
export interface CharChoice {
  /** UTF-16 offset of the character in the text. */
  readonly at: number;
  readonly char: string;
  /** The family whose font prints it (or, when no font has it, the one whose .notdef shows). */
  family: FontFamily;
}

/**
 * The families asked for, character by character: a character of no script takes the family of
 * the one before it (the one after it at the start), so spaces, punctuation and marks stay in
 * their word's run; a text of no script at all is Latin.
 */
export const askedFamilies = (text: string, han: FontFamily = hanFamilyOf(text)): CharChoice[] => {
  const chars: CharChoice[] = [];
  const own: (FontFamily | undefined)[] = [];
  let at = 0;
  for (const char of text) {
    own.push(scriptFamily(char, han));
    chars.push({ at, char, family: 'latin' });
    at += char.length;
  }
  let previous = own.find((f) => f !== undefined) ?? 'latin';
  chars.forEach((choice, i) => {
    previous = own[i] ?? previous;
    choice.family = previous;
  });
  return chars;
};

/** A span of one family at one embedding level, `[start, end)` in UTF-16 offsets. */
export interface TextRun {
  readonly start: number;
  readonly end: number;
  readonly family: FontFamily;
  readonly level: number;
}

/** The runs of a text in logical order, from its characters' families and their bidi levels. */
export const logicalRuns = (chars: readonly CharChoice[], levels: Uint8Array, length: number): TextRun[] => {
  const runs: TextRun[] = [];
  chars.forEach((c, i) => {
    const level = levels[c.at] ?? 0;
    const last = runs.at(-1);
    const end = chars[i + 1]?.at ?? length;
    if (last && last.family === c.family && last.level === level) runs[runs.length - 1] = { ...last, end };
    else runs.push({ start: c.at, end, family: c.family, level });
  });
  return runs;
};

/**
 * The runs in the order they are drawn, left to right (the bidi algorithm's rule L2 applied to
 * whole runs): from the highest level down to the lowest odd one, every stretch of runs at that
 * level or above is reversed. Each right-to-left run's glyphs are reversed by its shaping.
 */
export const visualOrder = (runs: readonly TextRun[]): TextRun[] => {
  const order = [...runs];
  const highest = Math.max(0, ...order.map((r) => r.level));
  const lowestOdd = Math.min(...order.map((r) => r.level + (r.level % 2 === 0 ? 1 : 0)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; i++) {
      if (order[i]!.level < level) continue;
      let j = i;
      while (j + 1 < order.length && order[j + 1]!.level >= level) j++;
      order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return order;
};
