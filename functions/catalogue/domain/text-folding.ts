import ASCIIFolder from 'fold-to-ascii';
import { madeOnce } from './search-helpers';

/**
 * Case and accents folded away, the same for a product's texts and a search's words
 * (docs/decisions/search-engine.md D105): `Élève` and `eleve`, `ΑΘΗΝΑ` and `Αθήνα`, `Straße` and
 * `STRASSE`, `Żółć` and `zolc` compare equal.
 *
 * - NFKD: compatibility forms become their plain letters (`ﬁ` → `fi`, `ｶ` → `カ`, `①` → `1`) and
 *   accented letters a letter and its marks.
 * - Unicode's full case folding (CaseFolding.txt, statuses C and F): `toLowerCase` first, then,
 *   for the few letters lowercasing leaves apart (`\p{Changes_When_Casefolded}` finds them: `ß`,
 *   final `ς`, `ſ`, `ϐ`), upper then lower case, which folds them as CaseFolding.txt does in Latin,
 *   Greek and Cyrillic (`ß` → `ss`, `ς` → `σ`, `ſ` → `s`, `ϐ` → `β`). unicode-case-folding's table
 *   gave the same and built a map of 1,500 entries at every function's import: 2 % of a listing's
 *   cold start (docs/performance.md, D105).
 * - The marks of Latin, Greek and Cyrillic letters are dropped (accents, `ё` → `е`), and those of
 *   Hebrew and Arabic (vowel points, optional in writing); other scripts keep theirs, which are
 *   letters there (Thai vowels, Devanagari matras).
 * - Latin letters with no decomposition fold as Lucene's ASCIIFoldingFilter folds them
 *   (fold-to-ascii): `ł` → `l`, `ø` → `o`, `đ` → `d`, `æ` → `ae`, `ı` → `i`.
 * - NFC at the end puts back together what the other scripts' marks decomposed (`ガ`, Hangul).
 */
export const fold = (text: string): string => {
  const lower = text.normalize('NFKD').toLowerCase();
  if (ASCII.test(lower)) return lower;
  const { foldsApart, accented, latinBeyondAscii } = beyondAscii();
  return lower
    .replace(foldsApart, (letter) => letter.toUpperCase().toLowerCase())
    .replace(accented, '$1')
    .replace(latinBeyondAscii, (letter) => ASCIIFolder.foldMaintaining(letter))
    .normalize('NFC');
};

const ASCII = /^[\0-\x7f]*$/;
const beyondAscii = madeOnce(() => ({
  foldsApart: /\p{Changes_When_Casefolded}/gu,
  accented: /([\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Hebrew}\p{sc=Arabic}])\p{M}+/gu,
  latinBeyondAscii: /(?![\0-\x7f])\p{sc=Latin}/gu,
}));
