import type { APIGatewayRequestAuthorizerEvent, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { type HttpFront, type ProxyHandler, startHttpFront } from '../../../local/http-front';
import { testRoute as route } from './support/test-route';

const routes = [
  route('echo', 'POST', '/echo'),
  route('echo-get', 'GET', '/echo/{id}'),
  route('head', 'HEAD', '/echo/{id}'),
  route('throws', 'GET', '/throws'),
  route('malformed', 'GET', '/malformed'),
  route('binary', 'GET', '/binary'),
  route('pdf', 'GET', '/pdf'),
  route('found', 'GET', '/found'),
  route('see-other', 'GET', '/see-other'),
  route('slow', 'GET', '/slow'),
  route('missing', 'GET', '/missing'),
  route('mine', 'GET', '/orders/{order_id}', 'token'),
  // `@me` is the pinned variable {me} on the gateway: the REQUEST authorizer guards it.
  route('my-profile', 'GET', '/profile/@me', 'token'),
];

/** Every event the stand-in authorizer received. */
const authorizerEvents: (APIGatewayTokenAuthorizerEvent | APIGatewayRequestAuthorizerEvent)[] = [];

const policy = (principalId: string, effect: 'Allow' | 'Deny', resource: string) => ({
  principalId,
  policyDocument: {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }],
  },
});

/**
 * A stand-in authorizer: the token says what it answers. Like the real one, a REQUEST event
 * whose pinned variable does not hold `@me` is denied before any token is read.
 */
const authorizer: ProxyHandler = async (raw) => {
  const event = raw as unknown as APIGatewayTokenAuthorizerEvent | APIGatewayRequestAuthorizerEvent;
  authorizerEvents.push(event);
  let token: string | undefined;
  if (event.type === 'REQUEST') {
    if (event.pathParameters?.me !== '@me') return policy('anonymous', 'Deny', event.methodArn);
    token = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  } else {
    token = event.authorizationToken;
  }
  if (token === 'Bearer boom') throw new Error('JWKS unreachable');
  if (token !== 'Bearer allow' && token !== 'Bearer deny') throw new Error('Unauthorized');
  return {
    ...policy('2', token === 'Bearer allow' ? 'Allow' : 'Deny', event.methodArn),
    context: { userId: '2', admin: 'false' },
  };
};

interface Echo {
  // biome-ignore lint/suspicious/noExplicitAny: the event as JSON, checked with toMatchObject.
  event: any;
  functionName: string;
  remaining: number;
}

const echo: ProxyHandler = async (event, context) => ({
  statusCode: 200,
  headers: { 'Content-Type': 'application/json' },
  multiValueHeaders: { 'Set-Cookie': ['a=1', 'b=2'] },
  body: JSON.stringify({
    event,
    functionName: context.functionName,
    remaining: context.getRemainingTimeInMillis(),
  }),
});

/** Two megabytes that are not UTF-8 text. */
const PDF = Buffer.from(Array.from({ length: 2 * 1024 * 1024 }, (_, i) => (i * 31) % 256));

const handlers: Record<string, ProxyHandler> = {
  echo,
  'echo-get': echo,
  head: async () => ({ statusCode: 200, headers: { 'X-Exists': 'yes' }, body: 'ignored' }),
  throws: async () => {
    throw new Error('database password is hunter2');
  },
  malformed: async () => ({ status: 200 }),
  binary: async () => ({
    statusCode: 200,
    headers: { 'Content-Type': 'application/pdf' },
    body: Buffer.from('%PDF-1.7 \u0000\u00ff').toString('base64'),
    isBase64Encoded: true,
  }),
  // What httpRoute answers for a file (the report PDF): base64, with its type and file name.
  pdf: async () => ({
    statusCode: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="orders-report.pdf"',
    },
    body: PDF.toString('base64'),
    isBase64Encoded: true,
  }),
  found: async () => ({
    statusCode: 302,
    headers: {
      Location: 'http://127.0.0.1:9/bucket/report.pdf?X-Amz-Signature=abc',
      'Cache-Control': 'no-store',
    },
    body: '',
  }),
  'see-other': async () => ({
    statusCode: 303,
    headers: { 'Content-Type': 'application/json', Location: 'http://127.0.0.1:3000/v1/orders/reports/1' },
    body: '{"id":"1","status":"COMPLETED"}',
  }),
  slow: () => new Promise(() => {}),
  mine: echo,
  'my-profile': echo,
  authorizer,
};

describe('the HTTP front', () => {
  let front: HttpFront;
  const lines: string[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    front = await startHttpFront({
      routes,
      loadHandler: async (r) => {
        const handler = handlers[r.name];
        if (!handler) throw new Error(`Cannot find module ${r.handler}`);
        return handler;
      },
      log: (line) => lines.push(line),
      logError: (_message, error) => errors.push(error),
      functionTimeoutMs: 200,
    });
  });
  afterAll(() => front.close());

  const call = (path: string, init?: RequestInit) => fetch(`${front.url}${path}`, init);

  it('listens on 127.0.0.1 and serves /v1', () => {
    expect(front.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('hands the function a proxy event and a Lambda context, and passes its answer back', async () => {
    const response = await call('/echo?x=1&x=2', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.headers.get('x-amzn-requestid')).toMatch(/^[0-9a-f-]{36}$/);
    const { event, functionName, remaining } = (await response.json()) as Echo;
    expect(functionName).toBe('commerce-api-sandbox-echo');
    expect(remaining).toBeGreaterThan(0);
    expect(event).toMatchObject({
      resource: '/v1/echo',
      path: '/v1/echo',
      httpMethod: 'POST',
      body: '{"a":1}',
      isBase64Encoded: false,
      queryStringParameters: { x: '2' },
      multiValueQueryStringParameters: { x: ['1', '2'] },
      headers: expect.objectContaining({ 'accept-language': 'fr' }),
      requestContext: expect.objectContaining({ stage: 'sandbox', resourcePath: '/v1/echo' }),
    });
    expect(event.requestContext.requestId).toBe(response.headers.get('x-amzn-requestid'));
  });

  it('decodes path parameters', async () => {
    const { event } = (await (await call('/echo/caf%C3%A9')).json()) as Echo;
    expect(event.pathParameters).toEqual({ id: 'café' });
  });

  it('answers an unknown path with the docs/design.md D1 404', async () => {
    const response = await call('/nowhere');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe(
      '{"code":"not_found","message":"The requested resource was not found."}',
    );
  });

  it('answers a wrong method on a known path with 405 and Allow', async () => {
    const response = await call('/echo/1', { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({
      code: 'method_not_allowed',
      message: 'This method is not allowed on this resource.',
    });
  });

  it('answers HEAD with the headers only', async () => {
    const response = await call('/echo/1', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-exists')).toBe('yes');
    expect(await response.text()).toBe('');
  });

  it('refuses a body over 1 MiB with 413, without calling the function', async () => {
    const response = await call('/echo', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: 'payload_too_large',
      message: 'The request is too large.',
    });
  });

  it('answers 413 to every large body sent with its Content-Length, even while the client is still sending', async () => {
    const body = Buffer.alloc(10 * 1024 * 1024 + 1, 'x');
    for (let i = 0; i < 5; i++) {
      const response = await call('/echo', { method: 'POST', body });
      expect(response.status).toBe(413);
    }
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'hands a query parameter and a header named %s to the function like any other',
    async (name) => {
      const response = await call(`/echo/1?${name}=1`, {
        headers: { [name === '__proto__' ? 'x-proto' : name]: 'v' },
      });
      expect(response.status).toBe(200);
      const event = (
        (await response.json()) as { event: { multiValueQueryStringParameters: Record<string, string[]> } }
      ).event;
      expect(Object.entries(event.multiValueQueryStringParameters)).toEqual([[name, ['1']]]);
    },
  );

  it('takes request lines and headers up to 24 KiB, and answers beyond that 431 in the docs/design.md D1 shape', async () => {
    expect(
      (await call(`/echo/1?q=${'a'.repeat(12_000)}`, { headers: { 'x-big': 'b'.repeat(8_000) } })).status,
    ).toBe(200);
    const response = await call('/echo/1', { headers: { 'x-big': 'b'.repeat(30_000) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({
      code: 'request_header_fields_too_large',
      message: 'The request line or headers are too large.',
    });
  });

  it.each(['/throws', '/malformed', '/slow', '/missing'])(
    'answers %s (throws, bad result, timeout, no module) with the docs/design.md D1 500 and logs the cause only',
    async (path) => {
      errors.length = 0;
      const response = await call(path);
      expect(response.status).toBe(500);
      expect(await response.text()).toBe(
        '{"code":"internal_error","message":"An unexpected error occurred."}',
      );
      expect(errors).toHaveLength(1);
    },
  );

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

  it('answers a Deny like a resource that does not exist (docs/design.md D3), and a failing authorizer with 500', async () => {
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

  it('decodes a base64 answer', async () => {
    const response = await call('/binary');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from('%PDF-1.7 \u0000\u00ff'));
  });

  it('sends a large base64 answer as its bytes, with the headers the function set', async () => {
    const response = await call('/pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="orders-report.pdf"');
    expect(response.headers.get('content-length')).toBe(String(PDF.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('passes 302 and 303 through with their Location, body and headers', async () => {
    const found = await call('/found', { redirect: 'manual' });
    expect(found.status).toBe(302);
    expect(found.headers.get('location')).toBe('http://127.0.0.1:9/bucket/report.pdf?X-Amz-Signature=abc');
    expect(found.headers.get('cache-control')).toBe('no-store');
    expect(await found.text()).toBe('');
    const seeOther = await call('/see-other', { redirect: 'manual' });
    expect(seeOther.status).toBe(303);
    expect(seeOther.headers.get('location')).toBe('http://127.0.0.1:3000/v1/orders/reports/1');
    expect(await seeOther.json()).toEqual({ id: '1', status: 'COMPLETED' });
  });

  it('logs one line a request: method, path and query, status, duration', async () => {
    lines.length = 0;
    await call('/nowhere?a=1');
    expect(lines).toEqual([expect.stringMatching(/^GET \/v1\/nowhere\?a=1 404 \d+ ms$/)]);
  });
});
