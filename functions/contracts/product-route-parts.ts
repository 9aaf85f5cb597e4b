/**
 * What bench/warm-overhead.ts builds a bare get-product handler from, beside the same handler behind
 * the middleware stack, to measure what the stack costs per request.
 */
export { httpRoute } from '#commons/http/http-route';
export { PRODUCT_FIELDS, productView } from '#functions/catalogue/domain/product';
export { productPath } from '#functions/catalogue/http-schemas/paths';
