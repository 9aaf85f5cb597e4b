/**
 * Catalogue errors over HTTP (docs/decisions/http-requests.md D1): 404 for what does not exist, 405 with `Allow` for a wrong
 * method, 400 `invalid_request` for bad parameters — every body exactly `{code, message}` in
 * JSON, with a general message that echoes no value, id, path or stack trace.
 */
import { api } from './support/api';
import { checkedFetch } from './support/api-contract';
import { seed } from './support/seed';

const NOT_FOUND = { code: 'not_found', message: 'The requested resource was not found.' };

const sorted = [...seed.products].sort((a, b) => a.id - b.id);
const book = sorted.find((p) => p.type === 'book')!;
const computer = sorted.find((p) => p.type === 'computer')!;
const unknownId = sorted.at(-1)!.id + 7919;
const knownCountries = new Set(seed.reference.countries.map((c) => c.id));
const unknownCountry = ['ZZ', 'QX', 'XK', 'AQ'].find((c) => !knownCountries.has(c))!;
const knownLocations = new Set(seed.stocks.map((s) => s.locationId));
const unknownLocation = ['atlantis-9', 'atlantis-10'].find((l) => !knownLocations.has(l))!;

/** What no client-facing message may carry: traces, paths, source files, internals. */
const LEAKS = [
  /\bat\s+\S+\s+\(/, // stack frame
  /\/(work|home|tmp|var|usr|opt)\//,
  /\.(ts|js|mjs|cjs)\b/,
  /node_modules/,
  /Error\b/,
  /dynamo|dynalite|table|ResourceNotFound|ValidationException|valibot/i,
  /\bv1\b/,
];

/** Asserts the docs/decisions/http-requests.md D1 shape: JSON, exactly {code, message}, a general message. */
const expectErrorBody = (
  response: { status: number; headers: Headers; body: unknown },
  forbidden: string[] = [],
) => {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = response.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  expect(typeof body.message).toBe('string');
  const message = body.message as string;
  expect(message.length).toBeGreaterThan(0);
  for (const leak of LEAKS) expect(message).not.toMatch(leak);
  for (const value of forbidden) expect(message).not.toContain(value);
};

const origin = () => new URL(process.env.SANDBOX_URL!).origin;

describe('404 not_found', () => {
  const cases: [string, string][] = [
    ['an unknown product', `/products/${unknownId}`],
    ['an unknown product technical_info', `/products/${unknownId}/technical_info`],
    ['an unknown product ratings', `/products/${unknownId}/ratings`],
    ['an unknown product images', `/products/${unknownId}/images`],
    ['an unknown product stocks', `/products/${unknownId}/stocks?location_id=paris-1`],
    ['an unknown book', `/books/${unknownId}`],
    ['an unknown computer', `/computers/${unknownId}`],
    ['a computer id read as a book', `/books/${computer.id}`],
    ['a book id read as a computer', `/computers/${book.id}`],
    ['id zero', '/products/0'],
    ['a negative id', '/products/-1'],
    ['a non-numeric id', '/products/abc'],
    ['a decimal id', `/products/${book.id}.5`],
    ['a zero-padded id', `/products/0${book.id}`],
    ['an id beyond any integer', '/products/99999999999999999999'],
    ['a non-numeric book id', '/books/first'],
    ['a stock at an unknown location', `/products/${book.id}/stocks?location_id=${unknownLocation}`],
    ['the products of an unknown country', `/countries/${unknownCountry}/products`],
    ['the products of a malformed country', '/countries/FRA/products'],
    ['an unknown path under /v1', '/nope'],
    ['an unknown sub-resource', `/products/${book.id}/reviews`],
    ['an unknown nested path', '/products/1/ratings/extra'],
  ];

  it.each(cases)('%s: %s', async (_, path) => {
    const response = await api(path);
    expect({ path, status: response.status, body: response.body }).toEqual({
      path,
      status: 404,
      body: NOT_FOUND,
    });
    expectErrorBody(response, [String(unknownId)]);
  });

  it.each([
    ['outside the version', '/nope'],
    ['an unknown version', '/v2/products'],
    ['the bare origin', '/'],
    ['the version without a route', '/v1'],
  ])('an unknown path %s (%s) is the same 404', async (_, path) => {
    const response = await checkedFetch(`${origin()}${path}`);
    const body = (await response.json()) as unknown;
    expect({ path, status: response.status, body }).toEqual({ path, status: 404, body: NOT_FOUND });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('405 with Allow', () => {
  const cases: [string, string, string][] = [
    ['DELETE', `/products/${book.id}`, 'GET'],
    ['PUT', `/products/${book.id}`, 'GET'],
    ['PATCH', `/products/${book.id}`, 'GET'],
    ['POST', '/products', 'GET'],
    ['DELETE', '/products', 'GET'],
    ['GET', '/products/search', 'POST'],
    ['PUT', '/products/search', 'POST'],
    ['POST', `/products/${book.id}/ratings`, 'GET'],
    ['DELETE', `/books/${book.id}`, 'GET'],
    ['POST', `/computers/${computer.id}`, 'GET'],
    ['PUT', '/business-units', 'GET'],
    ['POST', '/countries', 'GET'],
    ['POST', '/countries/FR/products', 'GET'],
  ];

  it.each(cases)('%s %s answers 405 and allows %s', async (method, path, allowed) => {
    const response = await api(path, { method });
    expect({ method, path, status: response.status }).toEqual({ method, path, status: 405 });
    const allow = (response.headers.get('allow') ?? '').split(',').map((m) => m.trim());
    expect(allow).toContain(allowed);
    expect(allow).not.toContain(method);
    expectErrorBody(response);
  });
});

describe('400 invalid_request', () => {
  /** [what, path, a value the message must not echo]. */
  const cases: [string, string, string?][] = [
    ['page zero', '/products?page=0'],
    ['a negative page', '/products?page=-3'],
    ['a page above 10000', '/products?page=10001', '10001'],
    ['a decimal page', '/products?page=1.5', '1.5'],
    ['a non-numeric page', '/products?page=second', 'second'],
    ['an empty page', '/products?page='],
    ['a repeated page', '/products?page=1&page=2'],
    ['a hexadecimal page', '/products?page=0x10', '0x10'],
    ['a binary page', '/products?page=0b10', '0b10'],
    ['a page in exponent form', '/products?page=1e1', '1e1'],
    ['a page with a leading space', '/products?page=%202'],
    ['limit zero', '/products?limit=0'],
    ['a limit above 100', '/products?limit=101', '101'],
    ['a decimal limit', '/products?limit=2.5', '2.5'],
    ['a non-numeric limit', '/products?limit=lots', 'lots'],
    ['a repeated limit', '/products?limit=5&limit=6'],
    ['a hexadecimal limit', '/products?limit=0x10', '0x10'],
    ['a limit in exponent form', '/products?limit=1e1', '1e1'],
    ['an unknown parameter', '/products?colour=magenta', 'magenta'],
    ['a parameter with the wrong case', '/products?Page=2'],
    ['an unknown product type', '/products?productType=tablet', 'tablet'],
    ['a pipe between product types', '/products?productType=book|computer', 'book|computer'],
    ['an unknown country', `/products?country=${unknownCountry}`, unknownCountry],
    ['a three-letter country', '/products?country=FRA', 'FRA'],
    ['a numeric country', '/products?country=12'],
    ['a repeated country', '/products?country=FR&country=DE'],
    ['an unknown business unit', '/products?business-unit=astrology', 'astrology'],
    ['a repeated business unit', '/products?business-unit=books&business-unit=gaming'],
    ['an unknown currency', '/products?currency=XQZ', 'XQZ'],
    ['a malformed currency', '/products?currency=dollars', 'dollars'],
    ['a repeated currency', '/products?currency=EUR&currency=USD'],
    [
      'searchCriteria that is not JSON',
      `/products?searchCriteria=${encodeURIComponent('{page:2')}`,
      'page:2',
    ],
    ['searchCriteria that is a JSON array', `/products?searchCriteria=${encodeURIComponent('[1,2]')}`],
    [
      'searchCriteria with an unknown criterion',
      `/products?searchCriteria=${encodeURIComponent('{"colour":"magenta"}')}`,
      'magenta',
    ],
    ['searchCriteria with page zero', `/products?searchCriteria=${encodeURIComponent('{"page":0}')}`],
    [
      'searchCriteria with a limit above 100',
      `/products?searchCriteria=${encodeURIComponent('{"limit":500}')}`,
      '500',
    ],
    [
      'searchCriteria with a string product type',
      `/products?searchCriteria=${encodeURIComponent('{"productType":"book"}')}`,
    ],
    [
      'searchCriteria with an unknown country',
      `/products?searchCriteria=${encodeURIComponent(`{"country":"${unknownCountry}"}`)}`,
      unknownCountry,
    ],
    [
      'searchCriteria with another filter',
      `/products?searchCriteria=${encodeURIComponent('{"limit":5}')}&brand=Voltix`,
      'Voltix',
    ],
    ['searchCriteria with paging parameters', `/products?searchCriteria=${encodeURIComponent('{}')}&page=2`],
    [
      'a repeated searchCriteria',
      `/products?searchCriteria=${encodeURIComponent('{}')}&searchCriteria=${encodeURIComponent('{}')}`,
    ],
    ['an unknown field in a list', '/products?fields=id,colour', 'colour'],
    ['an empty fields', '/products?fields='],
    ['a repeated fields', '/products?fields=id&fields=label'],
    ['an unknown field on a product', `/products/${book.id}?fields=price`],
    ['a misspelt field on a product', `/products/${book.id}?fields=lable`, 'lable'],
    ['an unknown field on a book', `/books/${book.id}?fields=ram`],
    ['an unknown parameter on a product', `/products/${book.id}?colour=magenta`, 'magenta'],
    ['a country parameter on the country route', '/countries/FR/products?country=DE'],
    ['a bad page on the country route', '/countries/FR/products?page=0'],
    ['an unknown currency on the country route', '/countries/FR/products?currency=XQZ', 'XQZ'],
    ['a stock without location_id', `/products/${book.id}/stocks`],
    ['a repeated location_id', `/products/${book.id}/stocks?location_id=paris-1&location_id=berlin-1`],
    [
      'a malformed location_id',
      `/products/${book.id}/stocks?location_id=${encodeURIComponent('Paris 1!')}`,
      'Paris',
    ],
    ['a parameter on the business units', '/business-units?page=2'],
  ];

  // Every row has three elements, so jest never takes the missing one for a `done` callback.
  it.each(cases.map(([what, path, echoed]) => [what, path, echoed ?? null] as const))(
    '%s: %s',
    async (_, path, echoed) => {
      const response = await api(path);
      expect({
        path,
        status: response.status,
        code: (response.body as { code?: unknown } | null)?.code,
      }).toEqual({
        path,
        status: 400,
        code: 'invalid_request',
      });
      expectErrorBody(response, echoed ? [echoed] : []);
    },
  );

  const search = (body: string, contentType = 'application/json') =>
    api('/products/search', { method: 'POST', headers: { 'content-type': contentType }, body });

  it.each([
    ['a body that is not JSON', '{"limit": 5', '"limit": 5'],
    ['an empty body', '', null],
    ['a JSON string', '"books"', 'books'],
    ['an unknown criterion', '{"colour":"magenta"}', 'magenta'],
    ['a limit above 100', '{"limit":101}', '101'],
    ['a page given as a string', '{"page":"2"}', null],
    ['an unknown product type', '{"productType":["tablet"]}', 'tablet'],
    ['an unknown business unit', '{"businessUnit":"astrology"}', 'astrology'],
    ['an unknown currency', '{"currency":"XQZ"}', 'XQZ'],
  ])('POST /products/search with %s', async (_, body, echoed) => {
    const response = await search(body);
    expect({ body, status: response.status }).toEqual({ body, status: 400 });
    expect((response.body as { code: string }).code).toBe('invalid_request');
    expectErrorBody(response, echoed ? [echoed] : []);
  });

  it('names the offending parameter, never its value', async () => {
    const response = await api('/products?limit=4242');
    expect(response.status).toBe(400);
    const { message } = response.body as { message: string };
    expect(message).toContain('limit');
    expect(message).not.toContain('4242');
  });
});
