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
    expect(contract.problem('GET', '/countries', json(200, [{ id: 'FR', label: 'France' }]))).toBe(
      "the 200 body does not match docs/openapi.json: /0 must have required property 'currency'",
    );
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
