/**
 * Every answer the smoke receives is held to the committed docs/openapi.json (docs/decisions/stages-and-deploys.md
 * D74): its status documented for the operation, its media type the documented one, a JSON
 * body valid against the documented schema (OpenAPI 3.1 = JSON Schema 2020-12), so a stage
 * whose code drifted from the published contract fails.
 */
import { committedContract } from '#cli/smoke/openapi-contract';

const contract = committedContract();
const json = (status: number, body: unknown) => ({ status, mediaType: 'application/json', json: body });

describe('the published contract', () => {
  it('accepts documented answers, error answers through their shared components included', () => {
    expect(
      contract.problem('GET', '/countries', json(200, [{ id: 'FR', label: 'France', currency: 'EUR' }])),
    ).toBeUndefined();
    expect(
      contract.problem(
        'GET',
        '/products/{product_id}',
        json(404, { code: 'not_found', message: 'Not found.' }),
      ),
    ).toBeUndefined();
    expect(
      contract.problem('GET', '/orders/reports/{report_id}', { status: 200, mediaType: 'application/pdf' }),
    ).toBeUndefined();
    // A redirect that documents no body.
    expect(
      contract.problem('GET', '/orders/reports/{report_id}', { status: 302, mediaType: undefined }),
    ).toBeUndefined();
  });

  it('says where a body departs from its schema', () => {
    expect(
      contract.problem(
        'GET',
        '/@me/webhook-secrets',
        json(200, [{ id: '0b8e6a52-4c1d-4f8e-9a1b-2c3d4e5f6a7b' }]),
      ),
    ).toBe("the 200 body does not match docs/openapi.json: /0 must have required property 'created_at'");
    expect(
      contract.problem(
        'GET',
        '/countries',
        json(200, [{ id: 'FR', label: 'France', currency: 'EUR', vat: 20 }]),
      ),
    ).toBe('the 200 body does not match docs/openapi.json: /0 must NOT have additional properties');
    expect(contract.problem('GET', '/@me', json(401, { code: 'unauthorized' }))).toBe(
      "the 401 body does not match docs/openapi.json: (the body) must have required property 'message'",
    );
  });

  it('refuses a status the operation does not document, another media type, an unknown operation', () => {
    expect(contract.problem('GET', '/countries', json(418, {}))).toBe(
      '418 is not a documented answer of GET /countries (200, 400, 404, 405, 413, 429, 431, 500)',
    );
    expect(contract.problem('GET', '/countries', { status: 200, mediaType: 'text/html' })).toBe(
      'the 200 answer is text/html, documented as application/json',
    );
    expect(contract.problem('GET', '/carts', json(200, []))).toBe('GET /carts is not in docs/openapi.json');
  });
});

describe('fields views', () => {
  it('accepts the whole view, or only some of its fields, but no field the view does not have', () => {
    expect(
      contract.problem('GET', '/countries', json(200, [{ id: 'FR', label: 'France', currency: 'EUR' }])),
    ).toBeUndefined();
    expect(contract.problem('GET', '/countries', json(200, [{ label: 'France' }]))).toBeUndefined();
    expect(contract.problem('GET', '/products/{product_id}', json(200, { id: 1 }))).toBeUndefined();
    expect(contract.problem('GET', '/countries', json(200, [{ label: 'France', vat: 20 }]))).toBe(
      "the 200 body does not match docs/openapi.json: /0 must have required property 'id'",
    );
  });
});

describe('documented headers', () => {
  const headers = (values: Record<string, string>) => ({
    get: (name: string) => values[name.toLowerCase()] ?? null,
  });
  const countries = [{ id: 'FR', label: 'France', currency: 'EUR' }];

  it('holds a present header to its schema: a Retry-After that is not a number of seconds is refused', () => {
    const tooMany = (retryAfter: string) =>
      contract.problem('GET', '/countries', {
        ...json(429, { code: 'too_many_requests', message: 'Too many requests.' }),
        headers: headers({ 'cache-control': 'no-store', 'retry-after': retryAfter }),
      });
    expect(tooMany('3')).toBeUndefined();
    expect(tooMany('soon')).toBe(
      'the 429 answer\'s Retry-After header ("soon") does not match docs/openapi.json: the value must be integer',
    );
  });

  it('requires the headers the document marks required', () => {
    expect(contract.problem('GET', '/countries', { ...json(200, countries), headers: headers({}) })).toBe(
      'the 200 answer has no Cache-Control header',
    );
  });

  it('checks a documented HEAD without a body', () => {
    expect(
      contract.problem('HEAD', '/orders/{order_id}', {
        status: 200,
        mediaType: 'application/json',
        headers: headers({ 'cache-control': 'private' }),
      }),
    ).toBeUndefined();
  });
});

describe('finding the operation of a request', () => {
  it('matches path templates, literal segments first', () => {
    expect(contract.operationOf(['products', '42'])).toBe('/products/{product_id}');
    expect(contract.operationOf(['orders', 'batches'])).toBe('/orders/batches');
    expect(contract.operationOf(['orders', '7'])).toBe('/orders/{order_id}');
    expect(contract.operationOf(['users', '@me', 'profile'])).toBe('/users/@me/profile');
    expect(contract.operationOf(['products', ''])).toBeUndefined();
    expect(contract.operationOf(['carts'])).toBeUndefined();
    expect(contract.describes('HEAD', '/orders/{order_id}')).toBe(true);
    expect(contract.describes('HEAD', '/countries')).toBe(false);
    expect(contract.describes('DELETE', '/products/{product_id}')).toBe(false);
  });

  it('holds an answer no operation describes to the shared error responses', () => {
    const notFound = { code: 'not_found', message: 'The requested resource was not found.' };
    const noStore = { get: (name: string) => (name === 'Cache-Control' ? 'no-store' : null) };
    expect(contract.undescribedProblem('GET', { ...json(404, notFound), headers: noStore })).toBeUndefined();
    expect(contract.undescribedProblem('GET', json(200, []))).toBe(
      '200 is not one of the shared error responses (400, 404, 405, 413, 429, 431, 500, 415, 401)',
    );
    expect(contract.undescribedProblem('GET', json(404, { code: 'not_found' }))).toBe(
      "the 404 body does not match docs/openapi.json: (the body) must have required property 'message'",
    );
  });
});
