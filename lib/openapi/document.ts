import type { ConversionConfig, JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { REPORT_LIMITS } from '#functions/contracts/caller-limits';
import type { RouteContract } from '#functions/contracts/openapi-sources';
import {
  CACHE_POLICIES,
  errorResponse,
  LANGUAGES,
  MAX_WEBHOOK_SECRETS,
  unwrapOptional,
} from '#functions/contracts/openapi-sources';
import { API_VERSION, type Route, routes as routeTable } from '#functions/routes';
import { jsonSchemaOf } from '../json-schema';
import { functionEntry } from '../project-paths';
import {
  callerLimitResponses,
  catalogueUpgradeResponses,
  routeResponses,
  type SuccessHeader,
} from './route-responses';

/**
 * The OpenAPI 3.1 document of the API, built from the route table, the schemas each handler
 * validates its requests with (`routeOptions`, attached by `httpRoute`) and the success answers
 * of `route-responses.ts`. Never edited by hand: `npm run openapi` writes docs/openapi.json, and
 * a test fails when the committed file and this disagree.
 */

type Json = Record<string, unknown>;

export { OPENAPI_FILE } from '../project-paths';

/**
 * What an answer is: an object has no member its schema does not name (a unit test holds the
 * views to that), and a value that may be null is `type: [t, "null"]` (docs/decisions/functions-and-bundles.md D37).
 */
const closedOutput: ConversionConfig['overrideSchema'] = ({ valibotSchema, jsonSchema }) => {
  if (valibotSchema.type === 'object') return { ...jsonSchema, additionalProperties: false };
  const [inner, nothing, ...rest] = (jsonSchema.anyOf ?? []) as Json[];
  if (valibotSchema.type === 'nullable' && rest.length === 0 && nothing?.type === 'null') {
    if (inner && Object.keys(inner).length === 1 && typeof inner.type === 'string') {
      const { anyOf: _, ...others } = jsonSchema;
      return { ...others, type: [inner.type, 'null'] } as JsonSchema;
    }
  }
  return undefined;
};

/** A JSON Schema without the `$schema` line. */
const withoutDialect = ({ $schema: _, ...rest }: Json): Json => rest;

/** Input-side JSON Schema of a schema (what a client sends). */
const inputSchema = (schema: v.GenericSchema): Json =>
  withoutDialect(jsonSchemaOf(schema, { typeMode: 'input' }));
const outputSchema = (schema: v.GenericSchema): Json =>
  withoutDialect(jsonSchemaOf(schema, { typeMode: 'output', overrideSchema: closedOutput }));

const properties = (schema: v.GenericSchema | undefined) => {
  if (!schema) return [];
  const json = inputSchema(schema) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    property,
    required: json.required?.includes(name) ?? false,
  }));
};

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });

/**
 * The longest wait a `Retry-After` advises: a refused request waits for its bucket's refill at
 * most, the hourly report bucket's being the longest (docs/decisions/report-export.md D56);
 * the polls, the catalogue upgrade and the gateway's throttle advise seconds.
 */
const MAX_RETRY_AFTER_SECONDS = REPORT_LIMITS.perHour.refillSeconds;

// Each header's values as the service sends them, bounded (docs/decisions/codebase-conventions.md D88).
const HEADERS: Record<SuccessHeader | 'Cache-Control' | 'Content-Language' | 'Vary', Json> = {
  Location: header('Absolute URL of the resource the answer points to.', { type: 'string', format: 'uri' }),
  'Retry-After': header('Seconds to wait before the next call.', {
    type: 'integer',
    format: 'int32',
    minimum: 1,
    maximum: MAX_RETRY_AFTER_SECONDS,
  }),
  'Cache-Control': header(`One of: ${Object.values(CACHE_POLICIES).join('; ')}.`, {
    type: 'string',
    enum: Object.values(CACHE_POLICIES),
  }),
  'Content-Language': header(
    'The language of the texts (negotiated from Accept-Language; English by default).',
    {
      type: 'string',
      enum: [...LANGUAGES],
    },
  ),
  Vary: header('`Accept-Language` on translated answers.', { type: 'string', enum: ['Accept-Language'] }),
};

const error = (description: string, headers: Json = {}) => ({
  description,
  headers: { 'Cache-Control': HEADERS['Cache-Control'], ...headers },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The error answers every route shares, by name (components.responses). */
const ERROR_RESPONSES = {
  BadRequest: error(
    'A parameter or the body is not valid (the message names the parameter, never its value).',
  ),
  Unauthorized: error('No valid access token.', {
    'WWW-Authenticate': header('`Bearer`.', { type: 'string', enum: ['Bearer'] }),
  }),
  NotFound: error('No such resource or path.'),
  NotFoundOrNotYours: error(
    'No such resource, or one the caller may not see: the same answer (docs/decisions/tokens-and-rights.md D3).',
  ),
  MethodNotAllowed: error('This method is not allowed on this path.', {
    // At most the seven methods a path can have, comma-separated.
    Allow: header('The methods the path allows.', {
      type: 'string',
      maxLength: 64,
      pattern: '^[A-Z]+(, [A-Z]+)*$',
    }),
  }),
  UnsupportedMediaType: error('The body is not JSON.'),
  TooManyRequests: error("Too many requests (the API's throttling).", {
    'Retry-After': HEADERS['Retry-After'],
  }),
  InternalError: error('An unexpected error; details are in the service logs only.'),
};

/** The module a route's handler is in, loaded for its `routeOptions`. */
const contractOf = async (route: Route): Promise<RouteContract> => {
  const module = (await import(functionEntry(route.handler))) as {
    handler?: { routeOptions?: RouteContract };
  };
  const contract = module.handler?.routeOptions;
  if (!contract) throw new Error(`The handler of ${route.name} is not built with httpRoute`);
  return contract;
};

const area = (route: Route) => route.handler.split('/')[0]!;

const operation = (route: Route, contract: RouteContract) => {
  const successes = routeResponses[route.name];
  if (!successes) throw new Error(`No success answer for ${route.name} in lib/openapi/route-responses.ts`);
  const parameters: Json[] = [
    ...properties(contract.path).map(({ name, property }) => ({
      name,
      in: 'path',
      required: true,
      schema: property,
    })),
    ...properties(contract.query).map(({ name, property, required }) => ({
      name,
      in: 'query',
      required,
      schema: property,
      ...(property.type === 'array'
        ? {
            style: 'form',
            explode: true,
            description: 'Repeat the parameter or separate values with commas.',
          }
        : {}),
    })),
    ...(contract.fields
      ? [
          {
            name: 'fields',
            in: 'query',
            required: false,
            description: `Comma-separated field names to return (of: ${contract.fields.join(', ')}).`,
            schema: { type: 'string' },
          },
        ]
      : []),
    ...(contract.translated
      ? [
          {
            name: 'Accept-Language',
            in: 'header',
            required: false,
            description: `Languages of the texts, with quality values (${LANGUAGES.join(', ')}; English by default).`,
            schema: { type: 'string' },
          },
        ]
      : []),
  ];
  const successHeaders = (names: readonly SuccessHeader[] = []) => ({
    'Cache-Control': HEADERS['Cache-Control'],
    ...(contract.translated ? { 'Content-Language': HEADERS['Content-Language'], Vary: HEADERS.Vary } : {}),
    ...Object.fromEntries(names.map((name) => [name, HEADERS[name]])),
  });
  const responses: Json = {};
  for (const success of successes) {
    responses[String(success.status)] = {
      description: success.description,
      headers: successHeaders(success.headers),
      ...(success.schema
        ? { content: { 'application/json': { schema: outputSchema(success.schema) } } }
        : {}),
      ...(success.media
        ? { content: { [success.media]: { schema: { type: 'string', format: 'binary' } } } }
        : {}),
    };
  }
  const ref = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });
  responses['400'] = ref('BadRequest');
  if (contract.auth) responses['401'] = ref('Unauthorized');
  responses['404'] = ref(contract.auth ? 'NotFoundOrNotYours' : 'NotFound');
  responses['405'] = ref('MethodNotAllowed');
  if (contract.body) responses['415'] = ref('UnsupportedMediaType');
  const limited = callerLimitResponses[route.name];
  responses['429'] = limited
    ? error(limited, { 'Retry-After': HEADERS['Retry-After'] })
    : ref('TooManyRequests');
  if (route.name === 'create-webhook-secret') {
    responses['409'] = error(
      `The caller has ${MAX_WEBHOOK_SECRETS} webhook secrets already (\`too_many_webhook_secrets\`): delete one first.`,
    );
  }
  responses['500'] = ref('InternalError');
  const upgrading = catalogueUpgradeResponses[route.name];
  if (upgrading) responses['503'] = error(upgrading, { 'Retry-After': HEADERS['Retry-After'] });
  return {
    operationId: route.name,
    summary: route.summary,
    tags: [area(route)],
    ...(route.access === 'token' ? { security: [{ bearerAuth: [] }] } : { security: [] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(contract.body
      ? {
          requestBody: {
            // An optional body schema (docs/decisions/report-export.md D60's POST) lets the request have none.
            required: !v.is(contract.body, undefined),
            // An optional body is described by what it is when present.
            content: { 'application/json': { schema: inputSchema(unwrapOptional(contract.body)) } },
          },
        }
      : {}),
    responses,
  };
};

export async function openApiDocument(routes: readonly Route[] = routeTable): Promise<Json> {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const contract = await contractOf(route);
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route, contract) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Commerce API',
      version: '1.0.0',
      description:
        'Products (translated, per country and business unit, searchable), orders, batch updates of orders, ' +
        'asynchronous PDF reports with a signed callback (docs/webhooks.md), and user profiles. Every error is ' +
        '`{"code", "message"}`. Generated from the route table and the handlers\' schemas (`npm run openapi`).',
    },
    servers: [
      {
        url: `/${API_VERSION}`,
        description: 'This host (the sandbox serves this document beside the API)',
        'x-internal': false,
      },
      {
        url: `https://{apiId}.execute-api.{region}.amazonaws.com/{stage}/${API_VERSION}`,
        description: 'A deployed stage (output ApiBaseUrl of its stack)',
        'x-internal': false,
        variables: {
          apiId: { default: 'abc123' },
          region: { default: 'eu-west-1' },
          stage: { default: 'dev' },
        },
      },
    ],
    tags: [
      { name: 'catalogue', description: 'Public catalogue reads' },
      { name: 'identity', description: 'Profiles and user records' },
      { name: 'orders', description: 'Orders' },
      { name: 'batches', description: 'Batch updates of orders' },
      { name: 'reports', description: 'Asynchronous PDF reports' },
      { name: 'webhooks', description: "The caller's signing secrets for report callbacks" },
    ],
    paths,
    components: {
      schemas: { Error: outputSchema(errorResponse) },
      responses: ERROR_RESPONSES,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An OAuth 2.0 access token (in the sandbox: `npm run -s token -- --sub 2`).',
        },
      },
    },
  };
}

/** The document as committed: stable key order, two-space indentation, a final newline. */
export const openApiText = async (): Promise<string> =>
  `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
