import type { Translated } from '#functions/contracts/served-languages';

/** The languages every seed text is written in (labels also in Japanese: seed-japanese.ts). */
export type SeedLanguage = 'en' | 'fr' | 'de' | 'es' | 'it';

/**
 * What the seed's product texts are made with: its words are in book-texts.ts and
 * computer-texts.ts, written in all five languages. Missing translations are removed afterwards
 * by one rule (see `withMissingTranslations`), so every text there is complete.
 */
export type Texts = Record<SeedLanguage, string>;
export type Template<A extends unknown[]> = Record<SeedLanguage, (...args: A) => string>;

export const fill = <A extends unknown[]>(template: Template<A>, ...args: A): Texts => ({
  en: template.en(...args),
  fr: template.fr(...args),
  de: template.de(...args),
  es: template.es(...args),
  it: template.it(...args),
});

/** Drops translations by the documented rule of `missingLanguages`. */
export const withMissingTranslations = (text: Texts, missing: readonly SeedLanguage[]): Translated => {
  const out: { en: string } & Record<string, string> = { en: text.en };
  for (const language of ['fr', 'de', 'es', 'it'] as const) {
    if (!missing.includes(language)) out[language] = text[language];
  }
  return out;
};

/**
 * Translations missing on purpose, so the English fallback can be seen and tested. Ids divisible
 * by 13 are in English only; otherwise ids divisible by 7 have no Italian text, by 11 no German,
 * by 17 no French and by 19 no Spanish (so each language is missing alone somewhere).
 */
export const missingLanguages = (id: number): SeedLanguage[] => {
  if (id % 13 === 0) return ['fr', 'de', 'es', 'it'];
  const rules: [number, SeedLanguage][] = [
    [17, 'fr'],
    [11, 'de'],
    [19, 'es'],
    [7, 'it'],
  ];
  return rules.filter(([divisor]) => id % divisor === 0).map(([, language]) => language);
};
