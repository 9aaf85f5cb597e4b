import { apiErrorOf } from './api-error.ts';

/** What one call for a page answers (any paged call of the client has this shape). */
export interface PageAnswer<T> {
  readonly data?: readonly T[];
  readonly error?: unknown;
  readonly response: Response;
}

/** The API's last page (docs/api.md, "Paging"): `page` is at most 10,000. */
const LAST_PAGE = 10_000;

/**
 * Every element of a paged listing, page after page, as an async iterator: `fetchPage(n)` asks for
 * page n (1, 2, …) with the client, and the iteration ends at the first empty page, or at a page
 * shorter than `limit` when given (it is the last: no request more for an empty one). A failed page
 * is thrown as an ApiError.
 *
 *   for await (const product of eachItem((page) =>
 *     client.POST('/products/search', { body: { text: 'laptop', page, limit: 100 } }), { limit: 100 }))
 */
export async function* eachItem<T>(
  fetchPage: (page: number) => Promise<PageAnswer<T>>,
  options: { readonly limit?: number } = {},
): AsyncGenerator<T, void, undefined> {
  for (let page = 1; page <= LAST_PAGE; page++) {
    const { data, error, response } = await fetchPage(page);
    if (error !== undefined || !response.ok || data === undefined) throw apiErrorOf(error, response);
    yield* data;
    if (data.length === 0 || (options.limit !== undefined && data.length < options.limit)) return;
  }
}
