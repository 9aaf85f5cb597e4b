import { rawHttpAnswer } from '#test/support/raw-http-answer';
import { type Echo, PDF, useTestFront } from './support/http-front-fixture';

describe('the HTTP front', () => {
  const fixture = useTestFront();
  const { lines, errors, call } = fixture;

  it('listens on 127.0.0.1 and serves /v1', () => {
    expect(fixture.front.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
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

  it('answers an unknown path with the docs/decisions/http-requests.md D1 404', async () => {
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

  it("sends the Content-Length a function gives its HEAD answer (its GET's), and none it did not give (D87)", async () => {
    const sized = await call('/sized', { method: 'HEAD' });
    expect(sized.headers.get('content-length')).toBe('143');
    expect(await sized.text()).toBe('');
    const bare = await call('/bare', { method: 'HEAD' });
    expect(bare.status).toBe(200);
    expect(bare.headers.get('content-length')).toBeNull();
  });

  it("gives HEAD of a gateway answer the Content-Length of its GET's body", async () => {
    const [get, head] = await Promise.all([call('/nowhere'), call('/nowhere', { method: 'HEAD' })]);
    expect(head.status).toBe(404);
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
  });

  it.each([
    ['an unknown path (404)', '/nowhere', {}],
    ['a wrong method (405)', '/echo/1', { method: 'DELETE' }],
    ['a body over 1 MiB (413)', '/echo', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) }],
    ['headers over 24 KiB (431)', '/echo/1', { headers: { 'x-big': 'b'.repeat(30_000) } }],
    ['a failing function (500)', '/throws', {}],
    ['no token (401)', '/orders/1', {}],
  ] as [string, string, RequestInit][])(
    'answers %s with Cache-Control: no-store (docs/decisions/http-requests.md D1; docs/decisions/api-contract.md D87)',
    async (_, path, init) => {
      const response = await call(path, init);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toBe('application/json');
    },
  );

  it('answers what is not HTTP with the docs/decisions/http-requests.md D1 400, never cached', async () => {
    const answer = await rawHttpAnswer(fixture.front.port, 'NOT HTTP AT ALL\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(head).toMatch(/\r\nCache-Control: no-store\r\n/);
    expect(head).toMatch(/\r\nContent-Type: application\/json\r\n/);
    expect(JSON.parse(body!)).toEqual({ code: 'invalid_request', message: 'The request is not valid.' });
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

  it('takes request lines and headers up to 24 KiB, and answers beyond that 431 in the docs/decisions/http-requests.md D1 shape', async () => {
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
    'answers %s (throws, bad result, timeout, no module) with the docs/decisions/http-requests.md D1 500 and logs the cause only',
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
