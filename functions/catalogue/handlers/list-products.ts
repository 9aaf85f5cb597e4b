import { invalidRequest } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { parseWith } from '#commons/http/query';
import { LISTING_FIELDS } from '../domain/listing-request';
import { productsQuery } from '../http-schemas/listing-query';
import { searchCriteria } from '../http-schemas/search-criteria';
import { fromQuery, listingReply } from '../replies/listing-reply';
import { fromCriteria, searchReply } from '../replies/search-reply';
import { activeLanguages } from '../store/active-version';

const decodeCriteria = (raw: string) => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw invalidRequest("The query parameter 'searchCriteria' is not valid JSON.");
  }
};

/**
 * GET /products: filters as query parameters, a listing of the version's snapshot
 * (docs/decisions/search-engine.md D91); or a search criteria object in `searchCriteria`, answered
 * like POST /products/search (D68).
 */
export const handler = httpRoute(
  { query: productsQuery, fields: LISTING_FIELDS, translated: activeLanguages, cache: 'public' },
  async ({ query, translation }) => {
    const { searchCriteria: rawCriteria, ...filters } = query;
    if (rawCriteria !== undefined) {
      if (Object.keys(filters).length > 0) {
        throw invalidRequest("The query parameter 'searchCriteria' cannot be combined with other filters.");
      }
      return searchReply(
        fromCriteria(parseWith(searchCriteria, decodeCriteria(rawCriteria), 'body')),
        translation,
      );
    }
    return listingReply(fromQuery(filters, filters.country), translation);
  },
);
