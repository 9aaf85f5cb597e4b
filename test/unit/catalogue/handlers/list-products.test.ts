import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { CATALOGUE_LAYOUT } from '#functions/catalogue/domain/catalogue-layout';
import { handler as listCountry } from '#functions/catalogue/handlers/list-country-products';
import { handler } from '#functions/catalogue/handlers/list-products';
import { handler as search } from '#functions/catalogue/handlers/search-products';
import { referenceDataKey } from '#functions/contracts/keys/catalogue-keys';
import { searchDocumentsKey, searchTextKey } from '#functions/contracts/keys/import-object-keys';
import { apiEvent, lambdaContext } from '../../support/api-event';
import { product } from '../product-fixtures';
import { mockActiveVersion, VERSION } from './active-version-fixture';
import { mockSearchSnapshots } from './empty-catalogue';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';

const reference = {
  countries: [{ id: 'GB', label: { en: 'United Kingdom' }, currency: 'GBP' }],
  businessUnits: [{ id: 'books', label: { en: 'Books' } }],
  rates: { base: 'EUR', rates: { GBP: 0.5, USD: 2 } },
};
/** Books 21 and 22, sold in GB at 10 GBP; and forty books of twenty brands, 101 to 140, not sold in GB. */
const book = (id: number, brand: string, gb: boolean) =>
  product(id, {
    type: 'book',
    brand,
    businessUnit: 'books',
    label: { en: `Book ${id}`, de: `Buch ${id}` },
    prices: gb ? { GB: { value: 10, currency: 'GBP' } } : {},
  });
const twentyBrands = Array.from({ length: 20 }, (_, i) => `Brand ${i + 1}`);
const fetched = mockSearchSnapshots([
  book(21, 'Acme', true),
  book(22, 'Acme', true),
  ...Array.from({ length: 40 }, (_, i) => book(101 + i, twentyBrands[i % 20]!, false)),
]);

const list = (query: Record<string, string[]>, headers?: Record<string, string>) =>
  handler(apiEvent({ resource: '/v1/products', query, headers }), lambdaContext);
const bodyOf = (response: { body: string }) => JSON.parse(response.body);

/** The mocked table: a version of `layout` (this code's by default) with the reference data. */
const mockCatalogue = (layout: number | null = CATALOGUE_LAYOUT) => {
  dynamo.reset();
  mockActiveVersion(dynamo, layout);
  dynamo
    .on(GetCommand, { Key: referenceDataKey(VERSION) })
    .resolves({ Item: { ...referenceDataKey(VERSION), ...reference } });
  dynamo.on(QueryCommand).resolves({ Items: [], ScannedCount: 0 });
};
beforeEach(() => mockCatalogue());

describe('GET /products', () => {
  it("answers a page from the version's search snapshot, reading no listing item (docs/decisions/search-engine.md D91)", async () => {
    fetched.length = 0;
    const response = await list({ country: ['gb'], page: ['2'], limit: ['1'] });
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual([
      { id: '22', label: 'Book 22', type: 'book', brand: 'Acme', price: { value: 10, currency: 'GBP' } },
    ]);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
    // The columns and the language's labels: a listing never reads the stock snapshot.
    expect(fetched.sort()).toEqual([searchDocumentsKey(VERSION), searchTextKey(VERSION, 'en')]);
  });

  it('answers a listing of 20 brands of both types: there is no partition cap any more', async () => {
    const response = await list({
      brand: [twentyBrands.join(',')],
      productType: ['book,computer'],
      limit: ['30'],
      page: ['2'],
    });
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response).map((e: { id: string }) => e.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(131 + i)),
    );
  });

  it('answers the country route the same way, and 404 for a country the catalogue does not have', async () => {
    const country = (id: string, query: Record<string, string[]>) =>
      listCountry(
        apiEvent({
          resource: '/v1/countries/{country_id}/products',
          pathParameters: { country_id: id },
          query,
        }),
        lambdaContext,
      );
    expect(bodyOf(await country('GB', { currency: ['USD'] }))).toEqual([
      { id: '21', label: 'Book 21', type: 'book', brand: 'Acme', price: { value: 40, currency: 'USD' } },
      { id: '22', label: 'Book 22', type: 'book', brand: 'Acme', price: { value: 40, currency: 'USD' } },
    ]);
    expect((await country('JP', {})).statusCode).toBe(404);
  });

  it('converts prices to the asked currency and translates only the label', async () => {
    const response = await list({ country: ['GB'], currency: ['usd'] }, { 'Accept-Language': 'de' });
    expect(bodyOf(response)[0]).toEqual({
      id: '21',
      label: 'Buch 21',
      type: 'book',
      brand: 'Acme',
      price: { value: 40, currency: 'USD' },
    });
  });

  it('shows no price in an unscoped listing', async () => {
    expect(bodyOf(await list({}))[0]).not.toHaveProperty('price');
  });

  it.each([
    [{ country: ['JP'] }, 'country'],
    [{ 'business-unit': ['toys'] }, 'business-unit'],
    [{ currency: ['XXX'] }, 'currency'],
    [{ page: ['0'] }, 'page'],
    [{ page: ['1e309'] }, 'page'],
    [{ limit: ['101'] }, 'limit'],
    [{ limit: ['2.5'] }, 'limit'],
    [{ productType: ['book,toy'] }, 'productType'],
    [{ page: ['1', '2'] }, 'page'],
    [{ sort: ['price'] }, 'sort'],
    [{ searchCriteria: ['{"page":'] }, 'searchCriteria'],
  ])('answers 400 naming the parameter for %p', async (query, name) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    const body = bodyOf(response);
    expect(body.code).toBe('invalid_request');
    expect(body.message).toContain(`'${name}'`);
    for (const values of Object.values(query))
      for (const value of values) expect(body.message).not.toContain(value);
  });

  it('gives searchCriteria the meaning of the search body', async () => {
    const criteria = { country: 'GB', productType: ['book'], brand: ['Pipe|Line'], page: 1, limit: 5 };
    const viaQuery = await list({ searchCriteria: [JSON.stringify(criteria)] });
    const viaBody = await search(
      apiEvent({ method: 'POST', resource: '/v1/products/search', body: JSON.stringify(criteria) }),
      lambdaContext,
    );
    expect(viaQuery.statusCode).toBe(200);
    expect(viaBody.body).toBe(viaQuery.body);
    // Both are searched in memory (docs/decisions/search-engine.md D68): no listing partition is read.
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('POST /products/search', () => {
  const post = (body: string | undefined, headers?: Record<string, string>) =>
    search(apiEvent({ method: 'POST', resource: '/v1/products/search', body, headers }), lambdaContext);

  it.each([
    ['{"page": 1,', 400],
    ['{"colour": "red"}', 400],
    ['{"page": "2"}', 400],
    ['[]', 400],
    ['"books"', 400],
  ])('refuses the body %p', async (body, status) => {
    const response = await post(body);
    expect(response.statusCode).toBe(status);
    expect(bodyOf(response).code).toBe('invalid_request');
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('refuses a missing body and a body that is not JSON', async () => {
    expect((await post(undefined)).statusCode).toBe(400);
    expect((await post('page=1', { 'Content-Type': 'application/x-www-form-urlencoded' })).statusCode).toBe(
      415,
    );
  });
});

describe('an active version older than what a request reads (docs/decisions/catalogue-versions.md D73)', () => {
  const post = (body: string) =>
    search(apiEvent({ method: 'POST', resource: '/v1/products/search', body }), lambdaContext);
  const unavailable = (response: { statusCode: number; headers?: Record<string, unknown>; body: string }) => {
    expect(response.statusCode).toBe(503);
    expect(response.headers).toMatchObject({ 'Retry-After': '5', 'Cache-Control': 'no-store' });
    expect(bodyOf(response)).toEqual({
      code: 'service_unavailable',
      message: 'The catalogue is being brought up to date; try again in a few seconds.',
    });
  };

  it.each([
    ['no layout recorded (read as 1)', null],
    ['layout 2', 2],
  ])('answers 503 with Retry-After for a search, with %s, and reads no snapshot', async (_, layout) => {
    mockCatalogue(layout);
    const fetched = jest.spyOn(globalThis, 'fetch');
    fetched.mockClear();
    unavailable(await post('{"text":"book"}'));
    unavailable(await list({ searchCriteria: ['{"limit":5}'] }));
    expect(fetched).not.toHaveBeenCalled();
  });

  it.each([
    ['no layout recorded (read as 1)', null],
    ['layout 2', 2],
  ])(
    'answers 503 for a plain listing, with %s, which has no search snapshot, never an empty page',
    async (_, layout) => {
      mockCatalogue(layout);
      fetched.length = 0;
      unavailable(await list({ brand: ['Acme', 'Zenith'] }));
      unavailable(await list({ country: ['GB'], brand: ['Acme'] }));
      expect(fetched).toEqual([]);
    },
  );
});
