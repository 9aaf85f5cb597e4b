/**
 * The listing route's handler and the read meter, which the listing-cost and publish benchmarks
 * (bench/listing-cost.ts, bench/catalogue-publish.ts) run in a child process to count the items a
 * page reads. Its own door: importing it loads the handler, which reads its environment.
 */

export { readMeter } from '#commons/read-meter';
export { handler as listProductsHandler } from '#functions/catalogue/handlers/list-products';
