/** One route of the table as an OpenAPI operation, from its handler's `routeOptions`. */
import * as v from 'valibot';
import type { RouteContract } from '#functions/contracts/openapi-sources';
import { MAX_WEBHOOK_SECRETS, unwrapOptional } from '#functions/contracts/openapi-sources';
import type { Route } from '#functions/routes';
import { functionEntry } from '../project-paths';
import { always, type ErrorResponseName, error, HEADERS } from './response-components';
import {
  callerLimitResponses,
  catalogueUpgradeResponses,
  routeResponses,
  type SuccessHeader,
  sharedErrorResponses,
} from './route-responses';
import { inputSchema, type Json, outputSchema, partialView, properties } from './schema-conversion';

/** The module a route's handler is in, loaded for its `routeOptions`. */
export const contractOf = async (route: Route): Promise<RouteContract> => {
  const module = (await import(functionEntry(route.handler))) as {
    handler?: { routeOptions?: RouteContract };
  };
  const contract = module.handler?.routeOptions;
  if (!contract) throw new Error(`The handler of ${route.name} is not built with httpRoute`);
  return contract;
};

const area = (route: Route) => route.handler.split('/')[0]!;

/** A route's operation: its parameters, request body and every answer it may give. */
export const routeOperation = (route: Route, contract: RouteContract) => {
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
      // sends; the service also takes the parameter repeated (docs/decisions/http-requests.md D9; docs/decisions/api-contract.md D86).
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
  const ref = (name: ErrorResponseName) => ({ $ref: `#/components/responses/${name}` });
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
