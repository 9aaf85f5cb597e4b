import type { ListingRequest } from './listing-request';

/** Orders a search can answer in (docs/decisions/search-engine.md D68); each breaks ties by product id, so pages are stable. */
export const SEARCH_SORTS = ['id', 'price', '-price', 'relevance'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface Range {
  readonly min?: number;
  readonly max?: number;
}

/** A search as the criteria object asks it, already validated; the listing filters as in a listing. */
export interface SearchRequest extends ListingRequest {
  readonly text?: string;
  /** In the answer currency. */
  readonly price?: Range;
  readonly book?: { readonly author?: string; readonly publisher?: string };
  readonly computer?: { readonly ramGb?: Range; readonly screenIn?: Range; readonly cpu?: string };
  readonly inStockAt?: string;
  readonly sort: SearchSort;
}

/** A request the criteria allow one by one but not together (e.g. `relevance` without `text`). */
export class SearchRequestError extends Error {
  constructor(readonly criterion: string) {
    super(`Invalid criterion ${criterion}`);
    this.name = 'SearchRequestError';
  }
}
