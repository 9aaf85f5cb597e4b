/**
 * What the listing benchmarks (bench/listing-bound.ts, bench/catalogue-publish.ts, bench/floor-plans.ts)
 * compute as the functions do: which listing partitions a filter reads, their block size, a page's
 * default length and the language a request is answered in.
 */
export { DEFAULT_LIMIT } from '#commons/http/paging';
export { negotiateLanguage } from '#commons/languages';
export type { ListingFilter, ListingPartition } from '#functions/catalogue/domain/listing';
export { partitionsFor, partitionsOf } from '#functions/catalogue/domain/listing';
export { listingBlockSize } from '#functions/catalogue/domain/listing-blocks';
export type { ProductType } from '#functions/catalogue/domain/product';
