import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { negotiateLanguage } from '../languages';
import { ownContext, type RouteContext } from './route-context';

/**
 * For routes whose text depends on `Accept-Language` (docs/decisions/http-requests.md D8): picks the language
 * before the handler, and says so in `Content-Language` and `Vary` after it, unless the reply
 * set them. Not middy's http-content-negotiation: its negotiator ranks an exact match above
 * the client's order (`de-CH, fr` gives fr, we give de) and takes q=2 (D84,
 * docs/decisions/codebase-conventions.md).
 */
export const negotiateAnswerLanguage = (): MiddlewareObj<
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Error,
  RouteContext
> => ({
  before: (request) => {
    ownContext(request).language = negotiateLanguage(request.event.headers?.['accept-language']);
  },
  after: ({ context, response }) => {
    if (!response || !context.language) return;
    response.headers = { 'Content-Language': context.language, Vary: 'Accept-Language', ...response.headers };
  },
});
