/**
 * What the publish benchmark (bench/catalogue-publish.ts) computes of a layout-3 publish: the
 * listing partitions a product is written into, which no reader reads any more
 * (docs/decisions/search-engine.md D91); and a page's default length (bench/floor-plans.ts).
 */
export { DEFAULT_LIMIT } from '#commons/http/paging';
export type { ListingPartition } from '#functions/catalogue/domain/listing';
export { partitionsOf } from '#functions/catalogue/domain/listing';
