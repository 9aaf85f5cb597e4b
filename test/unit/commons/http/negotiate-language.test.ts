import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { negotiateAnswerLanguage } from '#commons/http/negotiate-language';
import type { RouteContext } from '#commons/http/route-context';
import { apiEvent, lambdaContext } from '#test/unit/support/api-event';

/** A handler that answers the language it was given, with the headers it is given. */
const answering = (headers: Record<string, string> = {}) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext>(
    async (_event: APIGatewayProxyEvent, context: RouteContext) => ({
      statusCode: 200,
      headers,
      body: context.language ?? 'none',
    }),
  )
    .use(httpHeaderNormalizer())
    .use(negotiateAnswerLanguage());

const event = (acceptLanguage: string) =>
  apiEvent({ resource: '/v1/products/{product_id}', headers: { 'ACCEPT-language': acceptLanguage } });

describe('negotiateAnswerLanguage (docs/decisions/http-requests.md D8)', () => {
  it('hands the handler the language the client prefers, and says so in Content-Language and Vary', async () => {
    const response = await answering()(event('de-CH, fr;q=0.9'), lambdaContext);
    expect(response.body).toBe('de');
    expect(response.headers).toEqual({ 'Content-Language': 'de', Vary: 'Accept-Language' });
  });

  it('leaves the headers a reply set itself', async () => {
    const response = await answering({ Vary: 'Accept-Language, Accept' })(event('it'), lambdaContext);
    expect(response.headers).toEqual({ 'Content-Language': 'it', Vary: 'Accept-Language, Accept' });
  });

  it('never leaves its language on a context object the next request shares', async () => {
    const shared = { ...lambdaContext };
    await answering()(event('fr'), shared);
    expect(shared).toEqual(lambdaContext);
    const untranslated = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext>(
      async (_event: APIGatewayProxyEvent, context: RouteContext) => ({
        statusCode: 200,
        body: context.language ?? 'none',
      }),
    );
    expect((await untranslated(event('fr'), shared)).body).toBe('none');
  });
});
