import { httpRoute } from '#commons/http/http-route';
import { COUNTRY_FIELDS, countryView } from '../domain/reference-data';
import { activeLanguages } from '../store/active-version';
import { activeCatalogue } from '../store/dynamodb-catalogue-store';

/** GET /countries: the codes that `country` and `/countries/{country_id}/products` accept. */
export const handler = httpRoute(
  { fields: COUNTRY_FIELDS, translated: activeLanguages, cache: 'public' },
  async ({ translation }) => {
    const { countries } = await (await activeCatalogue()).getReferenceData();
    return { body: countries.map((c) => countryView(c, translation)) };
  },
);
