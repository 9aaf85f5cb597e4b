import { invalidRequest } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { LISTING_FIELDS } from '../domain/listing-request';
import { productsQuery } from '../http-schemas/listing-query';
import { fromQuery, listingReply } from '../replies/listing-reply';

/**
 * GET /products: filters as query parameters, a listing of the version's snapshot
 * (docs/decisions/search-engine.md D91); or a search criteria object in `searchCriteria`, answered
 * like POST /products/search (D68). The criteria's schema is loaded by the first request that
 * carries one, so a plain listing's cold start does not build it (docs/decisions/functions-and-bundles.md D37).
 */
export const handler = httpRoute(
  { query: productsQuery, fields: LISTING_FIELDS, translated: true, cache: 'public' },
  async ({ query, language }) => {
    const { searchCriteria: rawCriteria, ...filters } = query;
    if (rawCriteria !== undefined) {
      if (Object.keys(filters).length > 0) {
        throw invalidRequest("The query parameter 'searchCriteria' cannot be combined with other filters.");
      }
      const { criteriaQueryReply } = await import('../replies/criteria-query-reply');
      return criteriaQueryReply(rawCriteria, language);
    }
    return listingReply(fromQuery(filters, filters.country), language);
  },
);
