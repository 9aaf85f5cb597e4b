import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as v from 'valibot';
import type { Caller } from '../caller';
import { Translation } from '../language-negotiation';
import { DEFAULT_LANGUAGE, type Language } from '../languages';
import { answerErrors } from './answer-errors';
import { negotiateAnswerLanguage } from './negotiate-language';
import { observeRequest } from './observe-request';
import { type ObjectSchema, parseRequest } from './parse-request';
import type { RouteContext } from './route-context';
import { type Reply, shapeResponse } from './shape-response';

export type { Reply } from './shape-response';

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
  /**
   * Text depends on `Accept-Language`: negotiate it over the languages this reads (the
   * catalogue's), and say so in Content-Language and Vary.
   */
  readonly translated?: () => Promise<readonly Language[]>;
  readonly cache: keyof typeof CACHE_POLICIES;
}

type Parsed<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

export interface RouteRequest<P, Q, B, A extends boolean = false> {
  readonly caller: A extends true ? Caller : undefined;
  readonly path: Parsed<P>;
  readonly query: Parsed<Q>;
  readonly body: Parsed<B>;
  /** The answer's language, and the languages its texts are served in (English on routes not translated). */
  readonly translation: Translation;
  readonly event: APIGatewayProxyEvent;
}

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
  const base = async (event: APIGatewayProxyEvent, context: RouteContext): Promise<Reply> => {
    const { caller, path, query, body } = context.route ?? {};
    const translation = context.translation ?? new Translation(DEFAULT_LANGUAGE);
    return answer({ caller, path, query, body, translation, event } as RouteRequest<P, Q, B, A>);
  };
  // Before: in this order; after and onError: in the reverse one, so observeRequest sees the
  // final answer and answerErrors catches what any other step throws.
  const chain = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext>()
    .use(observeRequest())
    .use(answerErrors())
    .use(httpHeaderNormalizer())
    .use(parseRequest(options));
  if (options.translated) chain.use(negotiateAnswerLanguage(options.translated));
  chain.use(shapeResponse(CACHE_POLICIES[options.cache]));
  // The handler answers a Reply, which shapeResponse turns into the proxy result the function returns.
  const handler = chain.handler(base as never) as unknown as RouteHandler;
  // The route's options travel with its handler, so the OpenAPI document (lib/openapi/document.ts)
  // is built from the very schemas that validate requests.
  return Object.assign(handler, { routeOptions: options as RouteContract });
};

/** What every route's module exports as `handler`. */
export type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** What the OpenAPI document reads from a route's handler. */
export interface RouteContract {
  readonly auth?: boolean;
  readonly routePath?: string;
  readonly path?: v.GenericSchema;
  readonly query?: v.GenericSchema;
  readonly body?: v.GenericSchema;
  readonly fields?: readonly string[];
  readonly translated?: unknown;
  readonly cache: keyof typeof CACHE_POLICIES;
}
