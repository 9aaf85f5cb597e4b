import MiniSearch from 'minisearch';
import type { Language } from '#commons/languages';
import type { TextMatcher } from '../domain/product-search';
import { fold, type SearchDocument, textsIn } from '../domain/search-document';

const FIELDS = ['label', 'title', 'description'] as const;
/** A word in the label weighs more than one in the title, and that more than one in the description. */
const BOOST = { label: 3, title: 2, description: 1 };

/**
 * Text matching with MiniSearch (docs/design.md D81): one index per language, built from the
 * snapshot's documents the first time a search in that language asks for words, and kept with
 * the version. Words are folded (case, accents) on both sides; every word must match, the last
 * one also as a prefix (a client types it), from its third letter.
 */
export const miniSearchMatcher = (documents: readonly SearchDocument[]): TextMatcher => {
  const indexes = new Map<Language, MiniSearch>();
  const indexOf = (language: Language) => {
    let index = indexes.get(language);
    if (!index) {
      index = new MiniSearch({ fields: [...FIELDS], storeFields: [], processTerm: (term) => fold(term) });
      index.addAll(documents.map((d) => ({ id: d.id, ...textsIn(d, language) })));
      indexes.set(language, index);
    }
    return index;
  };
  return {
    match(language, text) {
      const results = indexOf(language).search(text, {
        combineWith: 'AND',
        prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 3,
        boost: BOOST,
      });
      return new Map(results.map((r) => [r.id as number, r.score]));
    },
  };
};
