/**
 * The languages of the catalogue's texts (docs/decisions/http-requests.md D8): any well-formed
 * BCP 47 language tag, written in its canonical form (`ja`, `zh-Hant`, `pt-BR`, `sr-Latn`), with
 * English required: the spec's default language and every text's last fallback.
 */

/** A BCP 47 language tag in its canonical form. */
export type Language = string;
export const DEFAULT_LANGUAGE: Language = 'en';

/** A text in English and any other languages, by tag; a missing translation falls back (translate). */
export type Translated = { readonly en: string } & { readonly [language: string]: string | undefined };

/** What every version written before any language was allowed (layouts 1 to 4) holds at most. */
export const FIRST_LANGUAGES: readonly Language[] = ['en', 'fr', 'de', 'es', 'it'];

/** The longest tag the catalogue takes (RFC 5646 §4.4.1 asks implementations to take 35 characters). */
export const MAX_TAG_LENGTH = 35;

/**
 * A language tag as RFC 5646 §2.1 writes a `langtag`, in any case: a language (2–3 letters with up
 * to three extlangs, or 4–8 letters), then an optional script (4 letters), region (2 letters or 3
 * digits) and variants. Extensions and private use are not catalogue languages.
 */
export const LANGUAGE_TAG_PATTERN =
  '^(?:[A-Za-z]{2,3}(?:-[A-Za-z]{3}){0,3}|[A-Za-z]{4,8})(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*$';
const WELL_FORMED = new RegExp(LANGUAGE_TAG_PATTERN);

const canonical = new Map<string, Language | undefined>();

/**
 * The canonical form of a well-formed tag (`pt-br` → `pt-BR`, `zh-hant-tw` → `zh-Hant-TW`; Unicode's
 * canonicalization, which also replaces deprecated tags: `iw` → `he`), or undefined for a text
 * that is not a language tag.
 */
export const canonicalTag = (tag: string): Language | undefined => {
  if (tag.length > MAX_TAG_LENGTH || !WELL_FORMED.test(tag)) return undefined;
  if (canonical.has(tag)) return canonical.get(tag);
  let found: Language | undefined;
  try {
    found = Intl.getCanonicalLocales(tag)[0];
  } catch {
    found = undefined;
  }
  // A catalogue names a few tags on each of its many lines: ICU is asked once a tag.
  if (canonical.size < 1000) canonical.set(tag, found);
  return found;
};

/**
 * RFC 4647 §3.4's fallback of a tag, most specific first: `zh-Hant-TW` → `zh-Hant-TW`, `zh-Hant`,
 * `zh` (a single-letter subtag goes with the one after it).
 */
export const fallbacksOf = (tag: string): string[] => {
  const subtags = tag.split('-');
  const chain: string[] = [];
  while (subtags.length > 0) {
    chain.push(subtags.join('-'));
    subtags.pop();
    if (subtags.length > 0 && subtags.at(-1)!.length === 1) subtags.pop();
  }
  return chain;
};

/**
 * The language a text written in those `written` is shown in when asked in `language`: that one,
 * else its fallbacks (`fr-CA` → `fr`), else English.
 */
export const shownLanguage = (language: Language, written: (tag: string) => boolean): Language =>
  written(language) ? language : (fallbacksOf(language).slice(1).find(written) ?? DEFAULT_LANGUAGE);

/** The text in `language`, else in its fallbacks, else in English (shownLanguage), and the language it is in. */
export const translation = (text: Translated, language: Language): { text: string; language: Language } => {
  const shown = shownLanguage(language, (tag) => text[tag] !== undefined);
  return { text: text[shown] ?? text.en, language: shown };
};

export const translate = (text: Translated, language: Language): string => translation(text, language).text;

/** Every language a text is written in. */
export const languagesOf = (text: Translated): Language[] => Object.keys(text);
