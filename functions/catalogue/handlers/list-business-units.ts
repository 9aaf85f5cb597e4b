import { httpRoute } from '#commons/http/http-route';
import { BUSINESS_UNIT_FIELDS, businessUnitView } from '../domain/reference-data';
import { activeLanguages } from '../store/active-version';
import { activeCatalogue } from '../store/dynamodb-catalogue-store';

/** GET /business-units: the ids that `business-unit` accepts. */
export const handler = httpRoute(
  { fields: BUSINESS_UNIT_FIELDS, translated: activeLanguages, cache: 'public' },
  async ({ translation }) => {
    const { businessUnits } = await (await activeCatalogue()).getReferenceData();
    return { body: businessUnits.map((u) => businessUnitView(u, translation)) };
  },
);
