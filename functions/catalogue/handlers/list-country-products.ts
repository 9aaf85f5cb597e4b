import { httpRoute } from '#commons/http/http-route';
import { LISTING_FIELDS } from '../domain/listing-request';
import { countryListingQuery } from '../http-schemas/listing-query';
import { countryPath } from '../http-schemas/paths';
import { fromQuery, listingReply } from '../replies/listing-reply';

/** GET /countries/{country_id}/products: the country decides products and prices. */
export const handler = httpRoute(
  {
    path: countryPath,
    query: countryListingQuery,
    fields: LISTING_FIELDS,
    translated: true,
    cache: 'public',
  },
  async ({ path, query, language }) =>
    listingReply(fromQuery(query, path.country_id), language, { unknownCountry: 'not_found' }),
);
