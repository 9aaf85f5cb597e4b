import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { lookupLanguage, parseAcceptLanguage, Translation } from '../language-negotiation';
import { DEFAULT_LANGUAGE, type Language } from '../languages';
import { ownContext, type RouteContext } from './route-context';

/**
 * For routes whose text depends on `Accept-Language` (docs/decisions/http-requests.md D8): picks
 * the answer's language among the catalogue's (`languages`, the route's own reading of the active
 * version, cached) before the handler, and after it says which languages the texts it served are
 * in, in `Content-Language` (D17), with `Vary`, unless the reply set them. Not middy's
 * http-content-negotiation: its negotiator ranks an exact match above the client's order
 * (`de-CH, fr` gives fr, we give de), takes q=2 and knows no RFC 4647 lookup (D84,
 * docs/decisions/codebase-conventions.md).
 */
export const negotiateAnswerLanguage = (
  languages: () => Promise<readonly Language[]>,
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext> => ({
  before: async (request) => {
    const header = request.event.headers?.['accept-language'];
    const ranges = header === undefined ? undefined : parseAcceptLanguage(header);
    // No header, or a malformed one, is the default language: the catalogue need not be read for it.
    const language =
      ranges === undefined || ranges.length === 0 ? undefined : lookupLanguage(ranges, await languages());
    ownContext(request).translation = new Translation(language ?? DEFAULT_LANGUAGE);
  },
  after: ({ context, response }) => {
    if (!response || !context.translation) return;
    response.headers = {
      'Content-Language': context.translation.contentLanguages(context.route?.fields).join(', '),
      Vary: 'Accept-Language',
      ...response.headers,
    };
  },
});
