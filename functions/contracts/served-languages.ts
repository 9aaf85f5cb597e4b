/**
 * The languages the catalogue is served in, and how a request picks one: what the sandbox's seed
 * writes texts in (local/seed/), and what the search and listing benchmarks ask for.
 */

export type { Language, Translated } from '#commons/languages';
export { LANGUAGES, negotiateLanguage } from '#commons/languages';
