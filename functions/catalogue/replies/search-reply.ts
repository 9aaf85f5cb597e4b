import { invalidParameter } from '#commons/http/errors';
import type { Reply } from '#commons/http/http-route';
import { DEFAULT_LIMIT } from '#commons/http/paging';
import type { Translation } from '#commons/language-negotiation';
import { READER_LAYOUTS, requireLayout } from '../domain/catalogue-layout';
import { type SearchRequest, SearchRequestError } from '../domain/search-request';
import * as textTools from '../domain/text-tools';
import type { SearchCriteria } from '../http-schemas/search-criteria';
import { searchProducts } from '../services/search-service';
import { activeVersion } from '../store/active-version';
import { referenceError } from './listing-reply';
import { searchSourcesAt } from './search-sources';

/** The search a criteria object stands for (the body of POST /products/search, or decoded `searchCriteria`). */
export const fromCriteria = (criteria: SearchCriteria): SearchRequest => ({
  country: criteria.country,
  businessUnit: criteria.businessUnit,
  currency: criteria.currency,
  productTypes: criteria.productType ?? [],
  brands: criteria.brand ?? [],
  page: criteria.page ?? 1,
  limit: criteria.limit ?? DEFAULT_LIMIT,
  text: criteria.text,
  price: criteria.price,
  book: criteria.book,
  computer: criteria.computer && {
    ramGb: criteria.computer.ram_gb,
    screenIn: criteria.computer.screen_in,
    cpu: criteria.computer.cpu,
  },
  inStockAt: criteria.in_stock?.location_id,
  sort: criteria.sort ?? 'id',
});

/**
 * Answers a search (docs/decisions/search-engine.md D68), shared by POST /products/search and GET /products with
 * `searchCriteria`: the active version's index in memory, its reference data for prices. A
 * criterion the others make meaningless, or an unknown reference, is a 400 naming the criterion.
 */
export const searchReply = async (request: SearchRequest, translation: Translation): Promise<Reply> => {
  const active = await activeVersion();
  // A text search needs the text analysis of layout 5 (docs/decisions/search-engine.md D105).
  if (active && request.text !== undefined) requireLayout(active.layout, READER_LAYOUTS.textSearch);
  const sources = { ...searchSourcesAt(active), textTools };
  try {
    return { body: await searchProducts(sources, request, translation) };
  } catch (error) {
    if (error instanceof SearchRequestError) throw invalidParameter(error.criterion, 'body');
    throw referenceError(error, { from: 'criteria' });
  }
};
