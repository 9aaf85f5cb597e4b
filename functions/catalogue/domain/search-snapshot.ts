import type { Language } from '#commons/languages';
import type { ProductRecord } from './product';
import { packSearchColumns, searchColumnsOf } from './search-columns';
import { searchDocumentsOf } from './search-document';
import { packTextIndex } from './search-text-index';
import { textIndexOf } from './text-index-build';

/**
 * A version's search snapshot as the publish writes it (docs/decisions/search-engine.md D68): the products'
 * columns, and one text index per language, so that a search function reads the columns and
 * the languages it is asked in, nothing else. The stock snapshot is written beside them.
 */
export interface SearchSnapshotFiles {
  readonly documents: Uint8Array;
  /** One text index for each language of the catalogue. */
  readonly texts: ReadonlyMap<Language, Uint8Array>;
}

export const searchSnapshotOf = (
  products: readonly ProductRecord[],
  languages: readonly Language[],
): SearchSnapshotFiles => {
  const documents = searchDocumentsOf(products);
  return {
    documents: packSearchColumns(searchColumnsOf(documents)),
    texts: new Map(languages.map((language) => [language, packTextIndex(textIndexOf(documents, language))])),
  };
};
