/** Languages the catalogue is translated into (docs/decisions/http-requests.md D8). English is the default and the fallback. */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** A text in English and any of the other languages; a missing translation falls back to English. */
export type Translated = { en: string } & Partial<Record<Exclude<Language, 'en'>, string>>;

const isLanguage = (tag: string): tag is Language => (LANGUAGES as readonly string[]).includes(tag);

/**
 * Picks the best supported language for an `Accept-Language` header (RFC 9110 §12.5.4):
 * quality values are honoured, `fr-FR` matches `fr`, `*` and unknown tags fall back to English,
 * and a malformed header is treated as absent rather than rejected (the header only changes text).
 */
export const negotiateLanguage = (header: string | undefined): Language => {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { language: Language; q: number; order: number } | undefined;
  header.split(',').forEach((part, order) => {
    const [rawTag = '', ...params] = part.trim().split(';');
    const primary = rawTag.trim().toLowerCase().split('-')[0] ?? '';
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    const language = primary === '*' ? DEFAULT_LANGUAGE : primary;
    if (!isLanguage(language)) return;
    if (!best || q > best.q || (q === best.q && order < best.order)) best = { language, q, order };
  });
  return best?.language ?? DEFAULT_LANGUAGE;
};

export const translate = (text: Translated, language: Language): string => text[language] ?? text.en;
