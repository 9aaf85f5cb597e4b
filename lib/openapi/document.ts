import type { ConversionConfig, JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { REPORT_LIMITS } from '#functions/contracts/caller-limits';
import type { RouteContract } from '#functions/contracts/openapi-sources';
import {
  CACHE_POLICIES,
  errorResponse,
  LANGUAGE_TAG_PATTERN,
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
  sharedErrorResponses,
  UNSUPPORTED_MEDIA_TYPE,
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
  const entries = ((schema as { entries?: Record<string, v.GenericSchema> }).entries ?? {}) as Record<
    string,
    v.GenericSchema
  >;
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    property: integerParameter(entries[name]) ?? property,
    required: json.required?.includes(name) ?? false,
  }));
};

type PipeAction = { readonly type: string; readonly requirement?: unknown };

/**
 * A query parameter the service reads as a whole number (digits, then a transform to a number
 * and its bounds: `page`, `limit`) is declared as the integer it is, with those bounds, where the
 * converter would only see the digit string (docs/decisions/api-contract.md D86).
 */
const integerParameter = (schema: v.GenericSchema | undefined): Json | undefined => {
  const pipe = (schema && (unwrapOptional(schema) as { pipe?: readonly PipeAction[] }).pipe) ?? [];
  const at = pipe.findIndex((action) => action.type === 'transform');
  if (at < 0) return undefined;
  const bound = (type: string) => pipe.slice(at + 1).find((action) => action.type === type)?.requirement;
  const [minimum, maximum] = [bound('min_value'), bound('max_value')];
  if (typeof minimum !== 'number' || typeof maximum !== 'number') return undefined;
  return { type: 'integer', format: 'int32', minimum, maximum };
};

/**
 * A view cut by `fields` (docs/decisions/api-contract.md D86): the same properties, none required,
 * since only the fields named are returned (on a list, on each element).
 */
const partialView = (schema: Json): Json => {
  if (schema.type === 'array' && schema.items) return { ...schema, items: partialView(schema.items as Json) };
  const { required: _, ...rest } = schema;
  return rest;
};

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });
/** A header every answer of its kind carries. */
const always = (value: Json): Json => ({ ...value, required: true });

/**
 * The longest wait a `Retry-After` advises: a refused request waits for its bucket's refill at
 * most, the hourly report bucket's being the longest (docs/decisions/report-export.md D56);
 * the polls, the catalogue upgrade and the gateway's throttle advise seconds.
 */
const MAX_RETRY_AFTER_SECONDS = REPORT_LIMITS.perHour.refillSeconds;

// Each header's values as the service sends them, bounded (docs/decisions/api-contract.md D88).
const HEADERS: Record<SuccessHeader | 'Cache-Control' | 'Content-Language' | 'Vary', Json> = {
  Location: header('Absolute URL of the resource the answer points to.', { type: 'string', format: 'uri' }),
  'Retry-After': header('Seconds to wait before the next call.', {
    type: 'integer',
    format: 'int32',
    minimum: 1,
    maximum: MAX_RETRY_AFTER_SECONDS,
  }),
  'Cache-Control': always(
    header("The route's caching policy (docs/decisions/http-requests.md D10).", {
      type: 'string',
      enum: [...new Set(Object.values(CACHE_POLICIES))],
    }),
  ),
  'Content-Language': always(
    header(
      'The languages the texts are in, the negotiated one first: one of the catalogue’s (RFC 4647 lookup of ' +
        'Accept-Language), then English where a text has no translation (docs/decisions/http-requests.md D17).',
      {
        type: 'string',
        maxLength: 400,
        pattern: `^${LANGUAGE_TAG_PATTERN.slice(1, -1)}(, ${LANGUAGE_TAG_PATTERN.slice(1, -1)})*$`,
      },
    ),
  ),
  Vary: always(
    header('`Accept-Language` on translated answers.', { type: 'string', const: 'Accept-Language' }),
  ),
};

/** Every error answer, the gateway's included, is `no-store` (docs/api.md, Errors). */
const ERROR_CACHE_CONTROL = always(
  header('`no-store`: an error is never cached.', { type: 'string', const: 'no-store' }),
);

const error = (description: string, headers: Json = {}) => ({
  description,
  headers: { 'Cache-Control': ERROR_CACHE_CONTROL, ...headers },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The error answers every route shares, by name (components.responses). */
const ERROR_RESPONSES = {
  ...(Object.fromEntries(
    Object.entries(sharedErrorResponses).map(([name, { description }]) => [name, error(description)]),
  ) as Record<keyof typeof sharedErrorResponses, ReturnType<typeof error>>),
  Unauthorized: error('No valid access token.', {
    'WWW-Authenticate': always(header('`Bearer`.', { type: 'string', enum: ['Bearer'] })),
  }),
  NotFound: error('No such resource or path.'),
  NotFoundOrNotYours: error(
    'No such resource, or one the caller may not see: the same answer (docs/decisions/tokens-and-rights.md D3).',
  ),
  MethodNotAllowed: error('This method is not allowed on this path.', {
    // At most the seven methods a path can have, comma-separated.
    Allow: always(
      header('The methods the path allows.', {
        type: 'string',
        maxLength: 64,
        pattern: '^[A-Z]+(, [A-Z]+)*$',
      }),
    ),
  }),
  UnsupportedMediaType: error(UNSUPPORTED_MEDIA_TYPE),
  TooManyRequests: error("Too many requests (the API's throttling).", {
    'Retry-After': always(HEADERS['Retry-After']),
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
      // A list is declared comma-separated (`productType=book,computer`), what a generated client
      // sends; the service also takes the parameter repeated (docs/decisions/http-requests.md D9, D86).
      ...(property.type === 'array'
        ? {
            style: 'form',
            explode: false,
            description:
              'Values separated by commas (`a,b`); the parameter may also be repeated, its values adding up.',
          }
        : {}),
    })),
    ...(contract.fields
      ? [
          {
            name: 'fields',
            in: 'query',
            required: false,
            description:
              'The fields to return, separated by commas (`fields=id,label`); without it, every field. ' +
              'The answer then has only the fields named (on a list, each element).',
            style: 'form',
            explode: false,
            schema: { type: 'array', minItems: 1, items: { type: 'string', enum: [...contract.fields] } },
          },
        ]
      : []),
    ...(contract.translated
      ? [
          {
            name: 'Accept-Language',
            in: 'header',
            required: false,
            description:
              'Languages of the texts, with quality values (RFC 9110): the best of the catalogue’s languages by RFC 4647 ' +
              'lookup (`fr-CA` falls back to `fr`, `zh-Hant-TW` to `zh-Hant`, then `zh`), English when none matches ' +
              'or the header is malformed.',
            schema: { type: 'string' },
          },
        ]
      : []),
  ];
  // A 201, 302 or 303 is nothing without its Location; Retry-After comes with some answers only
  // (the descriptions say which).
  const successHeaders = (status: number, names: readonly SuccessHeader[] = []) => ({
    'Cache-Control': HEADERS['Cache-Control'],
    ...(contract.translated ? { 'Content-Language': HEADERS['Content-Language'], Vary: HEADERS.Vary } : {}),
    ...Object.fromEntries(
      names.map((name) => [
        name,
        name === 'Location' && [201, 302, 303].includes(status) ? always(HEADERS[name]) : HEADERS[name],
      ]),
    ),
  });
  /** The documented schema of a JSON answer: with `fields`, the whole view or a part of it (D86). */
  const answerSchema = (schema: v.GenericSchema, status: number): Json => {
    const whole = outputSchema(schema);
    if (!contract.fields || status !== 200) return whole;
    return {
      description:
        'Without `fields`, the whole view (the first schema); with `fields`, only the fields named (the second: the same properties, none required).',
      anyOf: [whole, partialView(whole)],
    };
  };
  const responses: Json = {};
  for (const success of successes) {
    responses[String(success.status)] = {
      description: success.description,
      headers: successHeaders(success.status, success.headers),
      ...(success.schema
        ? { content: { 'application/json': { schema: answerSchema(success.schema, success.status) } } }
        : {}),
      ...(success.media
        ? { content: { [success.media]: { schema: { type: 'string', format: 'binary' } } } }
        : {}),
    };
  }
  const ref = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });
  for (const [name, { status }] of Object.entries(sharedErrorResponses)) {
    responses[String(status)] = ref(name as keyof typeof sharedErrorResponses);
  }
  if (contract.auth) responses['401'] = ref('Unauthorized');
  responses['404'] = ref(contract.auth ? 'NotFoundOrNotYours' : 'NotFound');
  responses['405'] = ref('MethodNotAllowed');
  if (contract.body) responses['415'] = ref('UnsupportedMediaType');
  const limited = callerLimitResponses[route.name];
  responses['429'] = limited
    ? error(limited, { 'Retry-After': always(HEADERS['Retry-After']) })
    : ref('TooManyRequests');
  if (route.name === 'create-webhook-secret') {
    responses['409'] = error(
      `The caller has ${MAX_WEBHOOK_SECRETS} webhook secrets already (\`too_many_webhook_secrets\`): delete one first.`,
    );
  }
  responses['500'] = ref('InternalError');
  const upgrading = catalogueUpgradeResponses[route.name];
  if (upgrading) responses['503'] = error(upgrading, { 'Retry-After': always(HEADERS['Retry-After']) });
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
