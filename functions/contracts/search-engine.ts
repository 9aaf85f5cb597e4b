/**
 * The search engine the search benchmarks (bench/search.ts, bench/search-library.ts, bench/search-mix.ts)
 * build and query: the snapshot a publish writes, its codec, the text index, and the search service
 * the search route runs. The benchmarks import it in their child processes, as the function would.
 */
export { compressSnapshot, decompressSnapshot } from '#functions/catalogue/adapters/search-snapshot-codec';
export { unpackSearchColumns } from '#functions/catalogue/domain/search-columns';
export {
  fold,
  searchDocumentsOf,
  stockSnapshotOf,
  textsIn,
} from '#functions/catalogue/domain/search-document';
export type { SearchRequest } from '#functions/catalogue/domain/search-request';
export { searchSnapshotOf, stockMask } from '#functions/catalogue/domain/search-snapshot';
export { packTextIndex, textIndexOf, unpackTextIndex } from '#functions/catalogue/domain/search-text-index';
export { matchText } from '#functions/catalogue/domain/text-matching';
export { searchProducts } from '#functions/catalogue/services/search-service';
