import type { Context } from 'aws-lambda';
import * as v from 'valibot';
import { httpRoute } from '#commons/http/http-route';
import { logger } from '#commons/logger';
import { apiEvent, lambdaContext } from '#test/unit/support/api-event';

const route = (answer: () => Promise<never> | Promise<{ body: unknown }>) =>
  httpRoute({ body: v.object({ name: v.string() }), cache: 'no-store' }, answer);

const post = (headers: Record<string, string>, body = '{"name":"a"}') =>
  apiEvent({ method: 'POST', resource: '/v1/things', headers, body });

describe('httpRoute, the middy chain (D84)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('reads headers whatever their case (http-header-normalizer)', async () => {
    const handler = route(async () => ({ body: { ok: true } }));
    expect((await handler(post({ 'CONTENT-TYPE': 'text/plain' }), lambdaContext)).statusCode).toBe(415);
    expect((await handler(post({ 'content-type': 'application/json' }), lambdaContext)).statusCode).toBe(200);
  });

  it('answers a handler that runs past the function’s time with a logged 500, before Lambda stops it', async () => {
    const info = jest.spyOn(logger, 'info').mockImplementation(() => undefined);
    jest.spyOn(logger, 'error').mockImplementation(() => undefined);
    const handler = route(() => new Promise(() => undefined));
    // middy ends the handler 5 ms before the time left runs out.
    const context = { ...lambdaContext, getRemainingTimeInMillis: () => 30 } as Context;
    const response = await handler(post({}), context);
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toEqual({
      code: 'internal_error',
      message: 'An unexpected error occurred.',
    });
    expect(info).toHaveBeenCalledWith('request', expect.objectContaining({ status: 500 }));
  });
});
