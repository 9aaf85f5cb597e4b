/**
 * What a search with text criteria (`text`, a book's author or publisher, a computer's processor)
 * needs beyond the columns: the text analysis of every script and its folding
 * (docs/decisions/search-engine.md D105). The search routes hand it to the search service
 * (search-reply.ts); the country listing, whose bundle must stay small, does not import it.
 */
export { fold } from './text-folding';
export { matchText } from './text-matching';
