import { httpRoute } from '#commons/http/http-route';
import { LISTING_FIELDS } from '../domain/listing-request';
import { searchCriteria } from '../http-schemas/listing';
import { fromCriteria, listingReply } from '../replies/listing-reply';

/**
 * POST /products/search: the criteria travel in the body because they can outgrow a URL.
 * It creates nothing, so it answers 200, and it is not cached (POST).
 */
export const handler = httpRoute(
  { body: searchCriteria, fields: LISTING_FIELDS, translated: true, cache: 'no-store' },
  async ({ body, language }) => listingReply(fromCriteria(body), language, { from: 'criteria' }),
);
