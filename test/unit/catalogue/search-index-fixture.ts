import type { Language } from '#commons/languages';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import type { ProductIndex } from '#functions/catalogue/domain/product-search';
import {
  packSearchColumns,
  searchColumnsOf,
  unpackSearchColumns,
} from '#functions/catalogue/domain/search-columns';
import { type StockSnapshot, searchDocumentsOf } from '#functions/catalogue/domain/search-document';
import { packTextIndex, unpackTextIndex } from '#functions/catalogue/domain/search-text-index';
import { stockMask } from '#functions/catalogue/domain/stock-mask';
import { textIndexOf } from '#functions/catalogue/domain/text-index-build';

/** A catalogue's index as a search function holds it: built, packed and unpacked as the publish and the function do. */
export const indexOf = (
  products: readonly ProductRecord[],
  language: Language,
  stock: StockSnapshot = {},
): ProductIndex => {
  const documents = searchDocumentsOf(products);
  const columns = unpackSearchColumns(packSearchColumns(searchColumnsOf(documents)));
  return {
    columns,
    text: unpackTextIndex(packTextIndex(textIndexOf(documents, language))),
    stock: (location) => (stock[location] ? stockMask(columns.ids, stock[location]) : undefined),
  };
};
