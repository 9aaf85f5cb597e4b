/**
 * The sandbox's own part of the API: the answers API Gateway gives before any function runs,
 * and the gateway details a function sees in its event.
 */
import { sandboxIssuer } from '#local/issuer/sandbox-issuer';
import { type SandboxStatsDocument, STATS_PATH } from '#local/sandbox-stats';
import { rawHttpAnswer } from '#test/support/raw-http-answer';
import { api, baseUrl } from './support/api';
import { waitUntil } from './support/batches';
import { postReport } from './support/reports';
import { tokenFor } from './support/tokens';

describe('the sandbox gateway', () => {
  it('serves the API under /v1 on 127.0.0.1', () => {
    expect(baseUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it.each(['/nowhere/at/all', '/products/1/nowhere', '/countries/FR'])(
    'answers the unknown path %s with the docs/decisions/http-requests.md D1 404',
    async (path) => {
      const response = await api(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.body).toEqual({ code: 'not_found', message: 'The requested resource was not found.' });
    },
  );

  it('answers a path outside /v1 with the docs/decisions/http-requests.md D1 404', async () => {
    const response = await fetch(baseUrl().replace(/\/v1$/, '/products'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 'not_found',
      message: 'The requested resource was not found.',
    });
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])(
    'answers %s /products with 405 and Allow: GET',
    async (method) => {
      const response = await api('/products', { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET');
      expect(response.body).toEqual({
        code: 'method_not_allowed',
        message: 'This method is not allowed on this resource.',
      });
    },
  );

  it('answers HEAD on a GET-only path with 405 and no body', async () => {
    const response = await api('/products', { method: 'HEAD' });
    expect(response.status).toBe(405);
    expect(response.body).toBeNull();
  });

  it('answers a body over 1 MiB with 413 before any function runs', async () => {
    const response = await api('/products/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ code: 'payload_too_large', message: 'The request is too large.' });
  });

  it.each([
    ['an unknown path (404)', '/nowhere', {}],
    ['a wrong method (405)', '/products', { method: 'DELETE' }],
    ['HEAD on a GET-only path (405)', '/products', { method: 'HEAD' }],
    ['no token (401)', '/@me', {}],
    [
      'a body over 1 MiB (413)',
      '/products/search',
      { method: 'POST', body: JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }) },
    ],
    ['headers over 24 KiB (431)', '/products', { headers: { 'x-padding': 'x'.repeat(30_000) } }],
  ] as [string, string, RequestInit][])(
    'answers %s with Cache-Control: no-store, like every error (docs/decisions/api-contract.md D87)',
    async (_, path, init) => {
      const response = await api(path, init);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
    },
  );

  it("answers what is not HTTP with the parser's 400, never cached", async () => {
    const { hostname, port } = new URL(baseUrl());
    const answer = await rawHttpAnswer(Number(port), 'NOT HTTP\r\n\r\n', hostname);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(head).toMatch(/\r\nCache-Control: no-store\r\n/);
    expect(JSON.parse(body!)).toEqual({ code: 'invalid_request', message: 'The request is not valid.' });
  });

  it.each([
    ['application/json; charset=iso-8859-1', 415],
    ['application/json; charset=UTF-8', 200],
  ])('answers a JSON body sent as %s with %s (docs/decisions/api-contract.md D87)', async (type, status) => {
    const response = await api('/products/search', {
      method: 'POST',
      headers: { 'content-type': type },
      body: JSON.stringify({ limit: 1 }),
    });
    expect(response.status).toBe(status);
    if (status === 415) {
      expect(response.body).toEqual({
        code: 'unsupported_media_type',
        message: 'The request body must be UTF-8: send charset=utf-8 or no charset.',
      });
    }
  });

  it('runs the route function and passes its answer through, with a request id', async () => {
    const response = await api('/business-units');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-amzn-requestid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(Array.isArray(response.body)).toBe(true);
  });

  describe('token routes', () => {
    it('answer 401 with WWW-Authenticate: Bearer without a token, or with one the issuer did not sign', async () => {
      for (const authorization of [undefined, 'Basic dXNlcjpwYXNz', 'Bearer not.a.token']) {
        const response = await api('/profile/@me', authorization ? { headers: { authorization } } : {});
        expect({ authorization, status: response.status }).toEqual({ authorization, status: 401 });
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
        expect(response.body).toEqual({ code: 'unauthorized', message: 'A valid access token is required.' });
      }
    });

    it('let through a token of the sandbox issuer (npm run token)', async () => {
      const token = sandboxIssuer(process.env.SANDBOX_STATE_DIR!).token({ sub: 1, admin: true });
      const response = await api('/profile/@me', { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).not.toBe(401);
      expect(response.status).toBeLessThan(500);
    });

    it('publish the issuer keys as a JWKS', async () => {
      const response = await fetch(baseUrl().replace(/\/v1$/, '/.well-known/jwks.json'));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        keys: [expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) })],
      });
    });
  });
});

describe('the sandbox’s IAM for the table', () => {
  const stats = () =>
    fetch(new URL(STATS_PATH, baseUrl())).then((r) => r.json()) as Promise<SandboxStatsDocument>;

  it('checks every table request of a function against its grants, and has refused none of the tests’ requests', async () => {
    await api('/products/3');
    await api('/@me', { headers: { authorization: `Bearer ${tokenFor(2)}` } });
    const { tableGrants } = await stats();
    expect(tableGrants.checked).toBeGreaterThanOrEqual(2);
    expect(tableGrants.refused).toBe(0);
  });

  it('checks the requests of the workflows’ task functions too, which run in a thread of their own', async () => {
    const created = await postReport(api, tokenFor(17), { start_date: '2025-03-01', end_date: '2025-04-30' });
    expect(created.status).toBe(202);
    // From here on, only the report's tasks call functions: each of them reads or writes the table.
    const posted = await stats();
    const after = await waitUntil(
      async () => {
        const now = await stats();
        return now.executions?.running === 0 ? now : undefined;
      },
      30_000,
      'the report workflow to end',
    );
    const tasks = (after.executions?.taskInvocations ?? 0) - (posted.executions?.taskInvocations ?? 0);
    expect(tasks).toBeGreaterThanOrEqual(1);
    expect(after.tableGrants.checked - posted.tableGrants.checked).toBeGreaterThanOrEqual(tasks);
    expect(after.tableGrants.refused).toBe(0);
  });
});
