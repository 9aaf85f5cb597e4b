import { handler as listCountry } from '#functions/catalogue/handlers/list-country-products';
import { handler as list } from '#functions/catalogue/handlers/list-products';
import { handler as search } from '#functions/catalogue/handlers/search-products';
import { apiEvent, lambdaContext } from '../../support/api-event';
import { mockEmptyCatalogue } from './empty-catalogue';

mockEmptyCatalogue();

const invalid = (message: string) => ({ code: 'invalid_request', message });
const answer = async (response: Promise<{ statusCode: number; body: string }>) => {
  const { statusCode, body } = await response;
  return { status: statusCode, body: JSON.parse(body) };
};

describe('an unknown country, business unit or currency is named as the client wrote it', () => {
  it.each([
    ['country', { country: 'FR' }],
    ['businessUnit', { businessUnit: 'toys' }],
    ['currency', { currency: 'XQZ' }],
  ])('the search body: the field %s (it used to say "the query parameter")', async (field, criteria) => {
    const viaBody = search(
      apiEvent({ method: 'POST', resource: '/v1/products/search', body: JSON.stringify(criteria) }),
      lambdaContext,
    );
    const viaQuery = list(
      apiEvent({ resource: '/v1/products', query: { searchCriteria: [JSON.stringify(criteria)] } }),
      lambdaContext,
    );
    for (const response of [await answer(viaBody), await answer(viaQuery)]) {
      expect(response).toEqual({ status: 400, body: invalid(`The field '${field}' is invalid.`) });
    }
  });

  it.each([
    ['country', { country: ['FR'] }],
    ['business-unit', { 'business-unit': ['toys'] }],
    ['currency', { currency: ['XQZ'] }],
  ])('query parameters: the query parameter %s', async (name, query) => {
    const response = await answer(list(apiEvent({ resource: '/v1/products', query }), lambdaContext));
    expect(response).toEqual({ status: 400, body: invalid(`The query parameter '${name}' is invalid.`) });
  });

  it('the country route still answers 404 for an unknown country, and names its other parameters', async () => {
    const get = (country: string, query?: Record<string, string[]>) =>
      answer(
        listCountry(
          apiEvent({
            resource: '/v1/countries/{country_id}/products',
            pathParameters: { country_id: country },
            query,
          }),
          lambdaContext,
        ),
      );
    expect((await get('FR')).status).toBe(404);
    expect(await get('GB', { currency: ['XQZ'] })).toEqual({
      status: 400,
      body: invalid("The query parameter 'currency' is invalid."),
    });
  });
});
