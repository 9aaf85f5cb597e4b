/**
 * The languages the catalogue is served in, and how a request picks one: what the sandbox's seed
 * writes texts in (local/seed/), and what the search and listing benchmarks ask for.
 */

export { lookupLanguage, parseAcceptLanguage, Translation } from '#commons/language-negotiation';
export type { Language, Translated } from '#commons/languages';
export { DEFAULT_LANGUAGE, FIRST_LANGUAGES } from '#commons/languages';
