import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { CATALOGUE_LAYOUT } from '#functions/catalogue/domain/catalogue-layout';
import { handler } from '#functions/catalogue/handlers/list-products';
import { handler as search } from '#functions/catalogue/handlers/search-products';
import { referenceDataKey } from '#functions/contracts/keys/catalogue-keys';
import { apiEvent, lambdaContext } from '../../support/api-event';
import { mockActiveVersion, VERSION } from './active-version-fixture';
import { mockEmptySearchSnapshots } from './empty-catalogue';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';
mockEmptySearchSnapshots();

const reference = {
  countries: [{ id: 'GB', label: { en: 'United Kingdom' }, currency: 'GBP' }],
  businessUnits: [{ id: 'books', label: { en: 'Books' } }],
  rates: { base: 'EUR', rates: { GBP: 0.5, USD: 2 } },
};
const entry = (id: number) => ({
  pk: 'LIST',
  sk: `P#${id}`,
  position: id,
  id,
  type: 'book',
  brand: 'Acme',
  businessUnit: 'books',
  label: { en: `Book ${id}`, de: `Buch ${id}` },
  price: { value: 10, currency: 'GBP' },
});

const list = (query: Record<string, string[]>, headers?: Record<string, string>) =>
  handler(apiEvent({ resource: '/v1/products', query, headers }), lambdaContext);
const bodyOf = (response: { body: string }) => JSON.parse(response.body);

/** The mocked table: a version of `layout` (this code's by default) with the reference data and two entries. */
const mockCatalogue = (layout: number | null = CATALOGUE_LAYOUT) => {
  dynamo.reset();
  mockActiveVersion(dynamo, layout);
  dynamo
    .on(GetCommand, { Key: referenceDataKey(VERSION) })
    .resolves({ Item: { ...referenceDataKey(VERSION), ...reference } });
  dynamo.on(QueryCommand).resolves({ Items: [entry(21), entry(22)], ScannedCount: 2 });
};
beforeEach(() => mockCatalogue());

describe('GET /products', () => {
  it('reads one page as a position range of one partition', async () => {
    const response = await list({ country: ['gb'], page: ['2'], limit: ['20'] });
    expect(response.statusCode).toBe(200);
    const [query] = dynamo.commandCalls(QueryCommand);
    expect(query?.args[0].input).toMatchObject({
      IndexName: 'byPosition',
      ExpressionAttributeValues: { ':list': 'CAT#v1#LIST#c=GB#u=*#t=*#b=*', ':from': 21, ':to': 40 },
    });
    expect(bodyOf(response)).toEqual([
      { id: '21', label: 'Book 21', type: 'book', brand: 'Acme', price: { value: 10, currency: 'GBP' } },
      { id: '22', label: 'Book 22', type: 'book', brand: 'Acme', price: { value: 10, currency: 'GBP' } },
    ]);
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

  it('never reads earlier pages: page 10 is one range query like page 1', async () => {
    await list({ page: ['10'], limit: ['5'] });
    const queries = dynamo.commandCalls(QueryCommand);
    expect(queries).toHaveLength(1);
    expect(queries[0]?.args[0].input.ExpressionAttributeValues).toMatchObject({ ':from': 46, ':to': 50 });
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

  it('answers 503 for a listing across several partitions of layout 1 (no summaries), never an empty page', async () => {
    mockCatalogue(null);
    unavailable(await list({ brand: ['Acme', 'Zenith'] }));
    // One partition needs no summary: answered as ever.
    const one = await list({ country: ['GB'], brand: ['Acme'] });
    expect(one.statusCode).toBe(200);
    expect(bodyOf(one)).toHaveLength(2);
  });
});
