import { invalidRequest } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { parseWith } from '#commons/http/query';
import { LISTING_FIELDS } from '../domain/listing-request';
import { productsQuery, searchCriteria } from '../http-schemas/listing';
import { fromCriteria, fromQuery, listingReply } from '../replies/listing-reply';

const decodeCriteria = (raw: string) => {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw invalidRequest("The query parameter 'searchCriteria' is not valid JSON.");
  }
};

/** GET /products: filters as query parameters, or all of them as one `searchCriteria` object. */
export const handler = httpRoute(
  { query: productsQuery, fields: LISTING_FIELDS, translated: true, cache: 'public' },
  async ({ query, language }) => {
    const { searchCriteria: rawCriteria, ...filters } = query;
    if (rawCriteria !== undefined) {
      if (Object.keys(filters).length > 0) {
        throw invalidRequest("The query parameter 'searchCriteria' cannot be combined with other filters.");
      }
      return listingReply(
        fromCriteria(parseWith(searchCriteria, decodeCriteria(rawCriteria), 'body')),
        language,
        { from: 'criteria' },
      );
    }
    return listingReply(fromQuery(filters, filters.country), language);
  },
);
