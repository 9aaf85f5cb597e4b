/**
 * The search engine the search and listing benchmarks (bench/search.ts, bench/search-library.ts,
 * bench/search-mix.ts, bench/listing-cost.ts) build and query: the snapshot a publish writes, its
 * codec, the text index, and the search and listing services the routes run. The benchmarks
 * import it in their child processes, as the function would.
 */
export { Translation } from '#commons/language-negotiation';
export { compressSnapshot, decompressSnapshot } from '#functions/catalogue/adapters/search-snapshot-codec';
export type { ListingRequest } from '#functions/catalogue/domain/listing-request';
export { unpackSearchColumns } from '#functions/catalogue/domain/search-columns';
export { searchDocumentsOf, stockSnapshotOf, textsIn } from '#functions/catalogue/domain/search-document';
export type { SearchRequest } from '#functions/catalogue/domain/search-request';
export { searchSnapshotOf } from '#functions/catalogue/domain/search-snapshot';
export { packTextIndex, unpackTextIndex } from '#functions/catalogue/domain/search-text-index';
export { stockMask } from '#functions/catalogue/domain/stock-mask';
export { fold } from '#functions/catalogue/domain/text-folding';
export { textIndexOf } from '#functions/catalogue/domain/text-index-build';
export { matchText } from '#functions/catalogue/domain/text-matching';
export { listProducts, searchProducts } from '#functions/catalogue/services/search-service';
