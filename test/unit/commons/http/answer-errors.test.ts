import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { answerErrors } from '#commons/http/answer-errors';
import { tooManyRequests } from '#commons/http/errors';
import { logger } from '#commons/logger';
import { TemporarilyUnavailable } from '#commons/unavailable';
import { apiEvent, lambdaContext } from '#test/unit/support/api-event';

const failingWith = (error: unknown) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult>(async () => {
    throw error;
  }).use(answerErrors());

const event = (method = 'GET') => apiEvent({ method, resource: '/v1/orders/{order_id}' });

describe('answerErrors (docs/decisions/http-requests.md D1)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers an HttpError with its status, code, message and headers, never cached', async () => {
    const response = await failingWith(tooManyRequests(3))(event(), lambdaContext);
    expect(response).toEqual({
      statusCode: 429,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Retry-After': '3' },
      body: JSON.stringify({
        code: 'too_many_requests',
        message: 'Too many requests; wait before calling again.',
      }),
    });
  });

  it('answers data not ready yet with a 503 and Retry-After', async () => {
    const response = await failingWith(
      new TemporarilyUnavailable('The catalogue is being published.', 5, 'no active version'),
    )(event(), lambdaContext);
    expect(response.statusCode).toBe(503);
    expect(response.headers?.['Retry-After']).toBe('5');
    expect(JSON.parse(response.body).code).toBe('service_unavailable');
  });

  it('answers anything else with a general 500 and keeps the details in the log', async () => {
    const logged = jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const response = await failingWith(new Error('table orders-7 not found at 10.0.0.1'))(
      event(),
      lambdaContext,
    );
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toEqual({
      code: 'internal_error',
      message: 'An unexpected error occurred.',
    });
    expect(logged).toHaveBeenCalledWith(
      'unhandled error',
      expect.objectContaining({ message: expect.stringMatching(/orders-7/) }),
    );
  });

  it('gives HEAD the status and headers without a body, with the length of the body GET has (D87)', async () => {
    const get = await failingWith(tooManyRequests(3))(event(), lambdaContext);
    const response = await failingWith(tooManyRequests(3))(event('HEAD'), lambdaContext);
    expect(response.statusCode).toBe(429);
    expect(response.headers?.['Retry-After']).toBe('3');
    expect(response.headers?.['Content-Length']).toBe(String(Buffer.byteLength(get.body)));
    expect(response.body).toBe('');
  });
});
