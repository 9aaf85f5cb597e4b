import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteContract } from '#commons/http/http-route';
import { MAX_LIMIT, MAX_PAGE } from '#commons/http/paging';
import { routes } from '#functions/routes';
import { OPENAPI_FILE, openApiDocument, openApiText } from '#lib/openapi/document';
import { routeResponses } from '#lib/openapi/route-responses';
import { functionEntry } from '#lib/project-paths';

// biome-ignore lint/suspicious/noExplicitAny: the test walks a JSON document whose shape it is checking
type Json = Record<string, any>;
let document: Json;
beforeAll(async () => {
  document = await openApiDocument();
});

const contractOf = async (handler: string) =>
  ((await import(functionEntry(handler))) as { handler: { routeOptions: RouteContract } }).handler
    .routeOptions;

describe('docs/openapi.json', () => {
  it('is what `npm run openapi` makes from the route table and the schemas (run it after a change)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(await openApiText());
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('has one operation per route of the table, and no other', () => {
    const operations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    expect(Object.keys(routeResponses).sort()).toEqual(routes.map((r) => r.name).sort());
  });

  describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    (_, route) => {
      const op = () => document.paths[route.path][route.method.toLowerCase()] as Json;

      it('has its id, summary, security, and every path, query and header parameter its handler reads', async () => {
        const contract = await contractOf(route.handler);
        expect(op().operationId).toBe(route.name);
        expect(op().summary).toBe(route.summary);
        expect(op().security).toEqual(route.access === 'token' ? [{ bearerAuth: [] }] : []);
        const names = (where: string) =>
          ((op().parameters ?? []) as Json[]).filter((p) => p.in === where).map((p) => p.name);
        expect(names('path').sort()).toEqual(
          [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort(),
        );
        const queryNames = contract.query
          ? Object.keys((contract.query as unknown as { entries: Json }).entries)
          : [];
        expect(names('query').sort()).toEqual([...queryNames, ...(contract.fields ? ['fields'] : [])].sort());
        expect(names('header')).toEqual(contract.translated ? ['Accept-Language'] : []);
        expect(op().requestBody !== undefined).toBe(contract.body !== undefined);
      });

      it('has its success and error statuses, with their headers', async () => {
        const contract = await contractOf(route.handler);
        const responses = op().responses as Json;
        const statuses = Object.keys(responses);
        for (const success of routeResponses[route.name]!) expect(statuses).toContain(String(success.status));
        for (const status of ['400', '404', '405', '429', '500']) expect(statuses).toContain(status);
        expect(statuses.includes('401')).toBe(route.access === 'token');
        const resolved = (status: string): Json => {
          const answer = responses[status] as Json;
          return answer.$ref ? document.components.responses[answer.$ref.split('/').at(-1)] : answer;
        };
        expect(Object.keys(resolved('429').headers)).toContain('Retry-After');
        expect(Object.keys(resolved('405').headers)).toContain('Allow');
        if (route.access === 'token')
          expect(Object.keys(resolved('401').headers)).toContain('WWW-Authenticate');
        // The gateway's refusals, before any function (docs/decisions/api-contract.md D87): the same
        // shared answer on every operation, never cached.
        expect([responses['400'], responses['413'], responses['431']]).toEqual([
          { $ref: '#/components/responses/BadRequest' },
          { $ref: '#/components/responses/PayloadTooLarge' },
          { $ref: '#/components/responses/RequestHeaderFieldsTooLarge' },
        ]);
        for (const status of ['400', '413', '431']) {
          expect(Object.keys(resolved(status).headers)).toContain('Cache-Control');
        }
        if (contract.body) expect(resolved('415').description).toMatch(/charset.*UTF-8/);
        for (const success of routeResponses[route.name]!) {
          const headers = Object.keys(resolved(String(success.status)).headers);
          for (const name of success.headers ?? []) expect(headers).toContain(name);
          expect(headers.includes('Content-Language')).toBe(contract.translated !== undefined);
        }
      });
    },
  );

  it("documents the parser's 400, the 413 and the 431 once, each with its code", () => {
    const { BadRequest, PayloadTooLarge, RequestHeaderFieldsTooLarge } = document.components
      .responses as Json;
    expect(BadRequest.description).toMatch(/not HTTP the gateway can read \(`invalid_request`\)/);
    expect(PayloadTooLarge.description).toContain('`payload_too_large`');
    expect(RequestHeaderFieldsTooLarge.description).toContain('`request_header_fields_too_large`');
  });

  it('says where Location and Retry-After come with the report and batch answers', () => {
    const headers = (path: string, method: string, status: string) =>
      Object.keys(document.paths[path][method].responses[status].headers);
    expect(headers('/orders/batches', 'post', '201')).toContain('Location');
    expect(headers('/orders/reports', 'post', '202')).toEqual(
      expect.arrayContaining(['Location', 'Retry-After']),
    );
    expect(headers('/orders/reports/status/{report_id}', 'get', '200')).toContain('Retry-After');
    expect(headers('/orders/reports/status/{report_id}', 'get', '303')).toContain('Location');
    expect(Object.keys(document.paths['/orders/reports/{report_id}'].get.responses['200'].content)).toEqual([
      'application/pdf',
    ]);
  });

  it('declares parameters as the service parses them (docs/decisions/api-contract.md D86)', () => {
    const parameter = (path: string, name: string) =>
      (document.paths[path].get.parameters as Json[]).find((p) => p.name === name)!;
    expect(parameter('/products', 'page').schema).toEqual({
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: MAX_PAGE,
    });
    expect(parameter('/@me/orders', 'limit').schema).toEqual({
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: MAX_LIMIT,
    });
    expect(parameter('/products', 'productType')).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { enum: ['book', 'computer'] } },
    });
    expect(parameter('/countries', 'fields')).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', minItems: 1, items: { type: 'string', enum: ['id', 'label', 'currency'] } },
    });
  });

  it("describes a `fields` answer as the whole view or a part of it, and every answer's Cache-Control as required", () => {
    const ok = document.paths['/countries'].get.responses['200'];
    const [whole, part] = ok.content['application/json'].schema.anyOf as Json[];
    expect(whole!.items.required).toEqual(['id', 'label', 'currency']);
    expect(part).toEqual({ ...whole, items: { ...whole!.items, required: undefined } });
    expect(ok.headers['Cache-Control'].required).toBe(true);
    expect(document.components.responses.NotFound.headers['Cache-Control']).toMatchObject({
      required: true,
      schema: { const: 'no-store' },
    });
    // Without `fields`, the view as it is.
    expect(
      document.paths['/@me'].get.responses['200'].content['application/json'].schema.anyOf,
    ).toBeUndefined();
  });

  it('lists the 503 with Retry-After where a catalogue of an older layout can answer it, and nowhere else', () => {
    const unavailable = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Json)
        .filter(([, operation]) => (operation as Json).responses['503'])
        .map(([method, operation]) => {
          expect(Object.keys((operation as Json).responses['503'].headers)).toContain('Retry-After');
          return `${method.toUpperCase()} ${path}`;
        }),
    );
    // docs/decisions/catalogue-versions.md D73: listings across several partitions (summaries) and searches (snapshots).
    expect(unavailable.sort()).toEqual([
      'GET /countries/{country_id}/products',
      'GET /products',
      'POST /products/search',
    ]);
  });
});
