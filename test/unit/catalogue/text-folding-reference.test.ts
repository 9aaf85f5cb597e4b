import { caseFold } from 'unicode-case-folding';
import { fold } from '#functions/catalogue/domain/text-folding';

/**
 * fold's case folding (upper then lower case for what lowercasing leaves apart) against Unicode's
 * CaseFolding.txt as the unicode-case-folding package holds it, over every Latin, Greek and
 * Cyrillic letter (docs/decisions/search-engine.md D105).
 */
describe('fold, against CaseFolding.txt', () => {
  it('folds every Latin, Greek and Cyrillic letter as it folds Unicode’s case folding of it', () => {
    const letter = /^(?=\p{L})[\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}]$/u;
    const differ: string[] = [];
    let letters = 0;
    for (let cp = 0; cp <= 0x1ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const text = String.fromCodePoint(cp);
      if (!letter.test(text)) continue;
      letters++;
      // Folding Unicode's case folding of the letter gives what folding the letter gives.
      if (fold(text) !== fold(caseFold(text))) differ.push(`U+${cp.toString(16)}`);
    }
    expect(letters).toBeGreaterThan(2200);
    expect(differ).toEqual([]);
  });
});
