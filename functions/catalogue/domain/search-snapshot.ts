import type { Language } from '#commons/languages';
import type { ProductRecord } from './product';
import { packSearchColumns, searchColumnsOf } from './search-columns';
import { searchDocumentsOf } from './search-document';
import { lowerBound } from './search-helpers';
import { packTextIndex, textIndexOf } from './search-text-index';

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

/**
 * The positions (in `ids`, ascending) of the products in stock at one location: 1 at each. The
 * snapshot lists them in id order, so one walk along both finds them; an id out of order is
 * looked up by binary search.
 */
export const stockMask = (ids: Uint32Array, inStock: readonly number[]): Uint8Array => {
  const mask = new Uint8Array(ids.length);
  let at = 0;
  let previous = -1;
  for (const id of inStock) {
    if (id < previous) at = lowerBound(ids, id);
    while (at < ids.length && ids[at]! < id) at++;
    if (ids[at] === id) mask[at] = 1;
    previous = id;
  }
  return mask;
};
