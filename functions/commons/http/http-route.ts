import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import * as v from 'valibot';
import { routeLiteralsHold } from '#functions/contracts/gateway-path-parts';
import type { Caller } from '../caller';
import { type Language, negotiateLanguage } from '../languages';
import { logger } from '../logger';
import { readMeter } from '../read-meter';
import { TemporarilyUnavailable } from '../unavailable';
import { callerFromAuthorizer } from './caller-context';
import {
  HttpError,
  internalError,
  invalidRequest,
  notFound,
  serviceUnavailable,
  unauthorized,
  unsupportedMediaType,
} from './errors';
import { parseFields, pickFields } from './fields';
import { parseWith, readQuery } from './query';
import { recordRequest } from './request-metric';

type ObjectSchema =
  | v.StrictObjectSchema<v.ObjectEntries, v.ErrorMessage<v.StrictObjectIssue> | undefined>
  | v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

/** Cache-Control per route (docs/decisions/http-requests.md D10): catalogue reads may be cached publicly for a short time. */
export const CACHE_POLICIES = {
  public: 'public, max-age=60',
  private: 'private',
  'no-store': 'no-store',
} as const;

export interface RouteOptions<
  P extends ObjectSchema | undefined,
  Q extends ObjectSchema | undefined,
  B extends v.GenericSchema | undefined,
  A extends boolean,
> {
  /** The route needs a verified token: the caller comes from the authorizer's context, never the request. */
  readonly auth?: A;
  /**
   * The route's path, as the route table writes it, when it has a segment API Gateway cannot name
   * (`/users/@me/profile`): API Gateway has a path variable there and passes any value, and the
   * function answers 404 unless the request holds the literal. Written here rather than read from
   * the route table, which would load every route and store grant into each function's cold
   * start; test/infra/gateway-paths.test.ts holds it to the table.
   */
  readonly routePath?: string;
  /** Path parameters; a value that fails it names no resource, so it is a 404, not a 400. */
  readonly path?: P;
  readonly query?: Q;
  /** The body's schema; one that accepts undefined (`v.optional`) lets the request have no body. */
  readonly body?: B;
  /** Field names the response has; enables the `fields` query parameter. */
  readonly fields?: readonly string[];
  /** Text depends on `Accept-Language`: negotiate it and say so in Content-Language and Vary. */
  readonly translated?: boolean;
  readonly cache: keyof typeof CACHE_POLICIES;
}

type Parsed<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

export interface RouteRequest<P, Q, B, A extends boolean = false> {
  readonly caller: A extends true ? Caller : undefined;
  readonly path: Parsed<P>;
  readonly query: Parsed<Q>;
  readonly body: Parsed<B>;
  readonly language: Language;
  readonly event: APIGatewayProxyEvent;
}

export interface Reply {
  readonly status?: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** A file instead of a JSON body: sent base64-encoded, which API Gateway turns back into bytes. */
  readonly file?: { readonly contentType: string; readonly fileName: string; readonly data: Uint8Array };
}

const JSON_TYPE = 'application/json';

export const header = (event: APIGatewayProxyEvent, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
};

export const jsonResponse = (
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): APIGatewayProxyResult => ({
  statusCode: status,
  headers: { 'Content-Type': JSON_TYPE, ...headers },
  body: body === undefined ? '' : JSON.stringify(body),
});

const fileResponse = (
  status: number,
  file: NonNullable<Reply['file']>,
  headers: Readonly<Record<string, string>>,
): APIGatewayProxyResult => ({
  statusCode: status,
  headers: {
    ...headers,
    'Content-Type': file.contentType,
    // The name is ours (dates and a fixed prefix), never the client's, so it needs no escaping.
    'Content-Disposition': `attachment; filename="${file.fileName}"`,
  },
  isBase64Encoded: true,
  body: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength).toString('base64'),
});

// Bytes that are not UTF-8 are refused, never replaced by U+FFFD (docs/decisions/http-requests.md D63). API
// Gateway hands every body over base64-encoded (the API's binary media types match any type); a
// leading byte order mark is kept, so JSON.parse refuses it as before.
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The body's JSON; undefined for no body where the route's body is optional. */
const readBody = (event: APIGatewayProxyEvent, optional: boolean): unknown => {
  const sent = event.body ?? '';
  if (sent === '' && optional) return undefined;
  const contentType = header(event, 'content-type');
  if (contentType !== undefined && !/^application\/([a-z.+-]*\+)?json\b/i.test(contentType.trim())) {
    throw unsupportedMediaType();
  }
  if (sent === '') throw invalidRequest('The request body is required.');
  let text = sent;
  if (event.isBase64Encoded) {
    try {
      text = STRICT_UTF8.decode(Buffer.from(sent, 'base64'));
    } catch {
      throw invalidRequest('The request body is not valid UTF-8.');
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest('The request body is not valid JSON.');
  }
};

/** An error as the client sees it: an HttpError as it is, data not ready yet a 503, anything else none. */
const answerOf = (error: unknown): HttpError | undefined => {
  if (error instanceof HttpError) return error;
  if (error instanceof TemporarilyUnavailable) {
    logger.warn('temporarily unavailable', { reason: error.detail });
    return serviceUnavailable(error.message, error.retryAfterSeconds);
  }
  return undefined;
};

/**
 * The one middleware every HTTP function shares: correlation id, one log line per request with
 * its status, duration and items read, and the docs/decisions/http-requests.md D1 error rule — an HttpError becomes its own
 * status and general message, data not ready yet a 503 with Retry-After (D73), anything else a
 * 500 whose details stay in the log.
 */
const observeAndAnswerErrors = (): MiddlewareObj<
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Error,
  Context
> => {
  // Keyed by event: one handler may serve overlapping requests (the sandbox runs them in one process).
  const started = new WeakMap<APIGatewayProxyEvent, number>();
  const done = (event: APIGatewayProxyEvent, status: number) => {
    // The resource is API Gateway's path template, never the real path: a bounded set of metrics.
    recordRequest(`${event.httpMethod} ${event.resource}`, status);
    logger.info('request', {
      method: event.httpMethod,
      resource: event.resource,
      status,
      durationMs: Math.round((performance.now() - (started.get(event) ?? performance.now())) * 100) / 100,
      itemsRead: readMeter.items,
    });
  };
  return {
    before: ({ event, context }) => {
      started.set(event, performance.now());
      readMeter.reset();
      logger.addContext(context);
      logger.setCorrelationId(event.requestContext?.requestId);
    },
    after: ({ event, response }) => {
      done(event, response?.statusCode ?? 200);
    },
    onError: (request) => {
      const error = answerOf(request.error);
      if (!error) logger.error('unhandled error', request.error as Error);
      const answer = error ?? internalError();
      request.response = jsonResponse(
        answer.status,
        request.event.httpMethod === 'HEAD' ? undefined : { code: answer.code, message: answer.message },
        { 'Cache-Control': 'no-store', ...answer.headers },
      );
      done(request.event, answer.status);
    },
  };
};

/**
 * Builds an API Gateway proxy handler from a route's schemas and its domain call, so each
 * handler file only says what it reads and what it answers.
 */
export const httpRoute = <
  P extends ObjectSchema | undefined = undefined,
  Q extends ObjectSchema | undefined = undefined,
  B extends v.GenericSchema | undefined = undefined,
  A extends boolean = false,
>(
  options: RouteOptions<P, Q, B, A>,
  answer: (request: RouteRequest<P, Q, B, A>) => Promise<Reply>,
) => {
  const queryShape = options.query?.entries ?? {};
  // A body schema that accepts undefined (`v.optional(…)`) makes the body optional.
  const bodyOptional = options.body ? v.is(options.body, undefined) : false;
  const base = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    // `@me` reaches API Gateway as a path variable; any other value there names nothing.
    if (
      options.routePath &&
      !routeLiteralsHold(options.routePath, event.resource, event.pathParameters ?? {})
    ) {
      throw notFound();
    }
    let caller: Caller | undefined;
    if (options.auth) {
      caller = callerFromAuthorizer(event.requestContext?.authorizer);
      if (!caller) throw unauthorized();
    }
    let path: unknown;
    if (options.path) {
      const parsed = v.safeParse(options.path, event.pathParameters ?? {});
      if (!parsed.success) throw notFound();
      path = parsed.output;
    }
    const { fields: rawFields, ...rawQuery } = event.multiValueQueryStringParameters ?? {};
    if (rawFields && !options.fields) throw invalidRequest("The query parameter 'fields' is not supported.");
    if (rawFields && rawFields.length > 1)
      throw invalidRequest("The query parameter 'fields' must be given once.");
    const fields = options.fields ? parseFields(rawFields?.[0], options.fields) : undefined;
    const query = options.query
      ? parseWith(options.query, readQuery(rawQuery, queryShape), 'query')
      : undefined;
    if (!options.query && Object.keys(rawQuery).length > 0) readQuery(rawQuery, {});
    const body = options.body ? parseWith(options.body, readBody(event, bodyOptional), 'body') : undefined;
    const language = options.translated ? negotiateLanguage(header(event, 'accept-language')) : 'en';

    const reply = await answer({ caller, path, query, body, language, event } as RouteRequest<P, Q, B, A>);

    const headers: Record<string, string> = { 'Cache-Control': CACHE_POLICIES[options.cache] };
    if (options.translated) {
      headers['Content-Language'] = language;
      headers['Vary'] = 'Accept-Language';
    }
    if (reply.file) return fileResponse(reply.status ?? 200, reply.file, { ...headers, ...reply.headers });
    // HEAD has the status and headers its GET would have, never a body.
    const payload = event.httpMethod === 'HEAD' ? undefined : pickFields(reply.body, fields);
    return jsonResponse(reply.status ?? 200, payload, { ...headers, ...reply.headers });
  };
  // The route's options travel with its handler, so the OpenAPI document (lib/openapi/document.ts)
  // is built from the very schemas that validate requests.
  return Object.assign(middy(base).use(observeAndAnswerErrors()), { routeOptions: options as RouteContract });
};

/** What the OpenAPI document reads from a route's handler. */
export interface RouteContract {
  readonly auth?: boolean;
  readonly routePath?: string;
  readonly path?: v.GenericSchema;
  readonly query?: v.GenericSchema;
  readonly body?: v.GenericSchema;
  readonly fields?: readonly string[];
  readonly translated?: boolean;
  readonly cache: keyof typeof CACHE_POLICIES;
}
