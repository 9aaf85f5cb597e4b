/**
 * The functions that answer from the search snapshot in memory: a search criteria object and
 * every product listing (docs/decisions/search-engine.md D68, D69, D91): plain data, read by the
 * stack and by the search benchmark.
 */

/** The routes that answer a criteria object or a listing (a listing is a search in id order). */
export const SEARCH_ROUTES = ['search-products', 'list-products', 'list-country-products'] as const;

/**
 * Their memory, MB: 1,769 MB is where Lambda gives a function one whole vCPU (it gives CPU in
 * proportion to memory). A search's work is CPU (unzipping and unpacking the snapshot, walking the
 * postings), and the benchmark's figures are those of one core; at the default 512 MB the same
 * work takes about 3.5 times as long. Their memory use at 100,000 products is far below it.
 */
export const SEARCH_MEMORY_MB = 1769;
