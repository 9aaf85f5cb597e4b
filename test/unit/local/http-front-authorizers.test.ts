import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { authorizerEvents, type Echo, useTestFront } from './support/http-front-fixture';

describe('the HTTP front before a token route (the authorizers)', () => {
  const { errors, call } = useTestFront();

  it('answers a token route without a token with 401 and WWW-Authenticate: Bearer', async () => {
    const response = await call('/orders/7');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.json()).toEqual({
      code: 'unauthorized',
      message: 'A valid access token is required.',
    });
    expect((await call('/orders/7', { headers: { authorization: 'Bearer forged' } })).status).toBe(401);
  });

  it("hands the authorizer's context to the function as requestContext.authorizer", async () => {
    const response = await call('/orders/7', { headers: { Authorization: 'Bearer allow' } });
    expect(response.status).toBe(200);
    const { event } = (await response.json()) as Echo;
    expect(event.requestContext.authorizer).toEqual({
      userId: '2',
      admin: 'false',
      principalId: '2',
      integrationLatency: 0,
    });
  });

  it('answers a Deny like a resource that does not exist (docs/decisions/tokens-and-rights.md D3), and a failing authorizer with 500', async () => {
    const denied = await call('/orders/7', { headers: { Authorization: 'Bearer deny' } });
    expect(denied.status).toBe(404);
    expect(await denied.json()).toEqual({
      code: 'not_found',
      message: 'The requested resource was not found.',
    });
    const failed = await call('/orders/7', { headers: { Authorization: 'Bearer boom' } });
    expect(failed.status).toBe(500);
  });

  describe('on a resource where a path variable stands for @me (the REQUEST authorizer)', () => {
    const NOT_FOUND = '{"code":"not_found","message":"The requested resource was not found."}';

    it('answers another value 404, with or without a token, without reaching the function', async () => {
      for (const headers of [{}, { Authorization: 'Bearer allow' }]) {
        authorizerEvents.length = 0;
        const response = await call('/profile/nope', { headers });
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toBe('application/json');
        expect(response.headers.get('www-authenticate')).toBeNull();
        expect(await response.text()).toBe(NOT_FOUND);
        expect(authorizerEvents).toEqual([expect.objectContaining({ type: 'REQUEST' })]);
      }
    });

    it('answers @me without a token, or with one the authorizer refuses, 401 with WWW-Authenticate: Bearer', async () => {
      for (const headers of [{}, { Authorization: 'Bearer forged' }, { Authorization: 'Basic abc' }]) {
        const response = await call('/profile/@me', { headers });
        expect(response.status).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
        expect(await response.json()).toEqual({
          code: 'unauthorized',
          message: 'A valid access token is required.',
        });
      }
    });

    it('calls the authorizer with a REQUEST event built like the proxy event, the request id included', async () => {
      authorizerEvents.length = 0;
      const response = await call('/profile/@me?lang=fr&lang=de', {
        headers: { Authorization: 'Bearer allow', 'X-Thing': 'a' },
      });
      expect(response.status).toBe(200);
      const { event } = (await response.json()) as Echo;
      expect(authorizerEvents).toHaveLength(1);
      const authorizerEvent = authorizerEvents[0] as APIGatewayRequestAuthorizerEvent;
      expect(authorizerEvent).toMatchObject({
        type: 'REQUEST',
        methodArn: 'arn:aws:execute-api:us-east-1:000000000000:sandbox/sandbox/GET/v1/profile/@me',
        resource: '/v1/profile/{me}',
        path: '/v1/profile/@me',
        httpMethod: 'GET',
        headers: expect.objectContaining({ Authorization: 'Bearer allow', 'X-Thing': 'a' }),
        multiValueHeaders: expect.objectContaining({ 'X-Thing': ['a'] }),
        pathParameters: { me: '@me' },
        queryStringParameters: { lang: 'de' },
        multiValueQueryStringParameters: { lang: ['fr', 'de'] },
        stageVariables: null,
      });
      expect(authorizerEvent).not.toHaveProperty('body');
      // The same request, as the function saw it: only the authorizer's context and the body differ.
      const { authorizer: context, ...functionContext } = event.requestContext;
      expect(context).toEqual({ userId: '2', admin: 'false', principalId: '2', integrationLatency: 0 });
      expect(JSON.parse(JSON.stringify(authorizerEvent.requestContext))).toEqual(functionContext);
      expect(functionContext.requestId).toBe(response.headers.get('x-amzn-requestid'));
      for (const key of ['resource', 'path', 'headers', 'multiValueHeaders', 'pathParameters'] as const) {
        expect(authorizerEvent[key]).toEqual(event[key]);
      }
    });

    it('caches nothing: the authorizer runs on every request', async () => {
      authorizerEvents.length = 0;
      for (let i = 0; i < 3; i++) {
        expect((await call('/profile/@me', { headers: { Authorization: 'Bearer allow' } })).status).toBe(200);
      }
      expect(authorizerEvents).toHaveLength(3);
    });

    it('answers a Deny for @me 404 and a failing authorizer 500', async () => {
      const denied = await call('/profile/@me', { headers: { Authorization: 'Bearer deny' } });
      expect(denied.status).toBe(404);
      expect(await denied.text()).toBe(NOT_FOUND);
      errors.length = 0;
      const failed = await call('/profile/@me', { headers: { Authorization: 'Bearer boom' } });
      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({
        code: 'internal_error',
        message: 'An unexpected error occurred.',
      });
      expect(errors).toHaveLength(1);
    });

    it('still answers other methods like the ANY mock: 405 on @me, 404 elsewhere, no authorizer', async () => {
      authorizerEvents.length = 0;
      const wrongMethod = await call('/profile/@me', { method: 'DELETE' });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('allow')).toBe('GET');
      expect((await call('/profile/nope', { method: 'DELETE' })).status).toBe(404);
      expect(authorizerEvents).toEqual([]);
    });
  });
});
