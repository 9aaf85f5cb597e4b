import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { parseRequest } from '#commons/http/parse-request';
import type { RouteContext } from '#commons/http/route-context';
import { type Reply, shapeResponse } from '#commons/http/shape-response';
import { apiEvent, lambdaContext } from '#test/unit/support/api-event';

const answering = (reply: Reply) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext>()
    .use(parseRequest({ fields: ['id', 'name'] }))
    .use(shapeResponse('public, max-age=60'))
    .handler((async () => reply) as never);

const event = (method = 'GET', query?: Record<string, string[]>) =>
  apiEvent({ method, resource: '/v1/products', ...(query ? { query } : {}) });

describe('shapeResponse (docs/decisions/http-requests.md D9, D10)', () => {
  it('answers JSON with the route’s Cache-Control, under the reply’s own headers', async () => {
    const response = await answering({ status: 201, body: { id: 1 }, headers: { Location: 'https://x/1' } })(
      event(),
      lambdaContext,
    );
    expect(response).toEqual({
      statusCode: 201,
      headers: {
        'Content-Type': 'application/json',
        'Cache-Control': 'public, max-age=60',
        Location: 'https://x/1',
      },
      body: '{"id":1}',
    });
  });

  it('cuts each element to the fields asked for', async () => {
    const response = await answering({ body: [{ id: 1, name: 'a', price: 2 }] })(
      event('GET', { fields: ['name'] }),
      lambdaContext,
    );
    expect(JSON.parse(response.body)).toEqual([{ name: 'a' }]);
  });

  it('gives HEAD the status and headers of its GET without a body, its length included (D87)', async () => {
    const reply = { body: { id: 1, name: 'Café' } };
    const get = await answering(reply)(event('GET'), lambdaContext);
    const head = await answering(reply)(event('HEAD'), lambdaContext);
    expect(head).toEqual({
      statusCode: 200,
      headers: { ...get.headers, 'Content-Length': String(Buffer.byteLength(get.body)) },
      body: '',
    });
    // Bytes, not characters: é is two.
    expect(head.headers?.['Content-Length']).toBe('23');
  });

  it('sends a file base64-encoded, as an attachment', async () => {
    const data = new TextEncoder().encode('%PDF-1.7');
    const response = await answering({
      file: { contentType: 'application/pdf', fileName: 'orders-2026-11.pdf', data },
    })(event(), lambdaContext);
    expect(response).toEqual({
      statusCode: 200,
      headers: {
        'Cache-Control': 'public, max-age=60',
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="orders-2026-11.pdf"',
      },
      isBase64Encoded: true,
      body: Buffer.from('%PDF-1.7').toString('base64'),
    });
  });
});
