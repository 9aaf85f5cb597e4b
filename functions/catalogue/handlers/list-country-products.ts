import { httpRoute } from '#commons/http/http-route';
import { LISTING_FIELDS } from '../domain/listing-request';
import { countryListingQuery } from '../http-schemas/listing-query';
import { countryPath } from '../http-schemas/paths';
import { fromQuery, listingReply } from '../replies/listing-reply';
import { activeLanguages } from '../store/active-version';

/** GET /countries/{country_id}/products: the country decides products and prices. */
export const handler = httpRoute(
  {
    path: countryPath,
    query: countryListingQuery,
    fields: LISTING_FIELDS,
    translated: activeLanguages,
    cache: 'public',
  },
  async ({ path, query, translation }) =>
    listingReply(fromQuery(query, path.country_id), translation, { unknownCountry: 'not_found' }),
);
