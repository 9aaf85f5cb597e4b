import { httpRoute } from '#commons/http/http-route';
import { BUSINESS_UNIT_FIELDS, businessUnitView } from '../domain/reference-data';
import { activeCatalogue } from '../store/dynamodb-catalogue-store';

/** GET /business-units: the ids that `business-unit` accepts. */
export const handler = httpRoute(
  { fields: BUSINESS_UNIT_FIELDS, translated: true, cache: 'public' },
  async ({ language }) => {
    const { businessUnits } = await (await activeCatalogue()).getReferenceData();
    return { body: businessUnits.map((u) => businessUnitView(u, language)) };
  },
);
