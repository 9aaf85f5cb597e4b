import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { negotiateAnswerLanguage } from '#commons/http/negotiate-language';
import type { RouteContext } from '#commons/http/route-context';
import { apiEvent, lambdaContext } from '#test/unit/support/api-event';

const CATALOGUE = ['en', 'fr', 'de', 'it', 'ja'];

/** A handler that shows a text through the request's translation, with the headers it is given. */
const answering = (headers: Record<string, string> = {}, text = { en: 'Book', de: 'Buch', ja: '本' }) => {
  let reads = 0;
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext>(
    async (_event: APIGatewayProxyEvent, context: RouteContext) => ({
      statusCode: 200,
      headers,
      body: context.translation?.of(text, 'label') ?? 'none',
    }),
  )
    .use(httpHeaderNormalizer())
    .use(
      negotiateAnswerLanguage(async () => {
        reads++;
        return CATALOGUE;
      }),
    );
  return Object.assign(handler, { reads: () => reads });
};

const event = (acceptLanguage?: string) =>
  apiEvent({
    resource: '/v1/products/{product_id}',
    headers: acceptLanguage === undefined ? {} : { 'ACCEPT-language': acceptLanguage },
  });

describe('negotiateAnswerLanguage (docs/decisions/http-requests.md D8, D17)', () => {
  it('shows the handler’s texts in the language the client prefers among the catalogue’s, and says so', async () => {
    const response = await answering()(event('de-CH, fr;q=0.9'), lambdaContext);
    expect(response.body).toBe('Buch');
    expect(response.headers).toEqual({ 'Content-Language': 'de', Vary: 'Accept-Language' });
  });

  it('names English in Content-Language when the text fell back to it', async () => {
    const response = await answering()(event('fr'), lambdaContext);
    expect(response.body).toBe('Book');
    expect(response.headers?.['Content-Language']).toBe('en');
  });

  it('reads the catalogue’s languages only for a header that needs them', async () => {
    const handler = answering();
    expect((await handler(event(), lambdaContext)).headers?.['Content-Language']).toBe('en');
    expect((await handler(event('de, fr;q=abc'), lambdaContext)).headers?.['Content-Language']).toBe('en');
    expect(handler.reads()).toBe(0);
    await handler(event('ja'), lambdaContext);
    expect(handler.reads()).toBe(1);
  });

  it('leaves the headers a reply set itself', async () => {
    const response = await answering({ Vary: 'Accept-Language, Accept' })(event('ja'), lambdaContext);
    expect(response.headers).toEqual({ 'Content-Language': 'ja', Vary: 'Accept-Language, Accept' });
  });

  it('never leaves its translation on a context object the next request shares', async () => {
    const shared = { ...lambdaContext };
    await answering()(event('fr'), shared);
    expect(shared).toEqual(lambdaContext);
    const untranslated = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext>(
      async (_event: APIGatewayProxyEvent, context: RouteContext) => ({
        statusCode: 200,
        body: context.translation?.language ?? 'none',
      }),
    );
    expect((await untranslated(event('fr'), shared)).body).toBe('none');
  });
});
