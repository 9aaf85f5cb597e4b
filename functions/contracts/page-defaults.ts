/** A page's default length when a list request names none (bench/floor-plans.ts plans the orders list with it). */
export { DEFAULT_LIMIT } from '#commons/http/paging';
