import type { Context } from 'aws-lambda';
import type { Caller } from '../caller';
import type { Translation } from '../language-negotiation';

/** The request as parse-request read it: what the route's handler is given beside the event. */
export interface ParsedRequest {
  readonly caller: Caller | undefined;
  readonly path: unknown;
  readonly query: unknown;
  readonly body: unknown;
  /** The `fields` asked for; undefined for every field. */
  readonly fields: ReadonlySet<string> | undefined;
}

/**
 * Lambda's context with what the route's middlewares found, middy's way of handing values to the
 * handler (as its official http-content-negotiation does with `preferredLanguage`).
 */
export interface RouteContext extends Context {
  route?: ParsedRequest;
  /** Set by negotiate-language on translated routes; English elsewhere. */
  translation?: Translation;
}

const own = new WeakSet<object>();

/**
 * This invocation's own context, made on first use with Lambda's as its prototype: what one
 * request's middlewares set never reaches another's, even where callers share one context object
 * (unit tests; the sandbox serves overlapping requests in one process).
 */
export const ownContext = (request: { context: RouteContext }): RouteContext => {
  if (!own.has(request.context)) {
    request.context = Object.create(request.context) as RouteContext;
    own.add(request.context);
  }
  return request.context;
};
