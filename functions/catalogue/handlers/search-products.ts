import { httpRoute } from '#commons/http/http-route';
import { LISTING_FIELDS } from '../domain/listing-request';
import { searchCriteria } from '../http-schemas/search-criteria';
import { fromCriteria, searchReply } from '../replies/search-reply';
import { activeLanguages } from '../store/active-version';

/**
 * POST /products/search: the criteria travel in the body because they can outgrow a URL, and are
 * answered from the in-memory search index (docs/decisions/search-engine.md D68). It creates nothing, so it answers
 * 200, and it is not cached (POST).
 */
export const handler = httpRoute(
  { body: searchCriteria, fields: LISTING_FIELDS, translated: activeLanguages, cache: 'no-store' },
  async ({ body, translation }) => searchReply(fromCriteria(body), translation),
);
