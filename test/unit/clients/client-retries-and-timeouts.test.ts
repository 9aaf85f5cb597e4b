/**
 * What every call of the typed client does around fetch (clients/typescript/README.md,
 * "Retries and timeouts"; docs/decisions/api-contract.md D94): a 429 or a 503 is sent again after
 * its `Retry-After`, a bounded number of times; a longer wait is left to the caller; a call past
 * its timeout, or whose signal is aborted, rejects.
 */
import { ApiError, createCommerceClient, unwrap } from '@commerce-api/client';
import { BASE, fakeFetch, json, tooMany } from './fake-fetch';

const ok = () => json(200, [{ id: 'FR' }]);
const unavailable = (retryAfter: string) =>
  json(
    503,
    { code: 'service_unavailable', message: 'The catalogue is being brought up to date.' },
    { 'retry-after': retryAfter },
  );
const gaps = (seen: { at: number }[]) => seen.slice(1).map(({ at }, i) => at - seen[i]!.at);

describe('retries', () => {
  it("send a 429 again after its Retry-After, with the same method, token and body, and answer the retry's", async () => {
    const { fetch, seen } = fakeFetch([
      () => tooMany('1'),
      () => json(202, { id: 'r', status: 'IN_PROGRESS' }),
    ]);
    const client = createCommerceClient({ baseUrl: BASE, token: 't', fetch });
    const body = { start_date: '2025-01-01', end_date: '2025-06-30' };
    const { data, response } = await client.POST('/orders/reports', { body });
    expect([response.status, data]).toEqual([202, { id: 'r', status: 'IN_PROGRESS' }]);
    const sent = {
      url: `${BASE}/orders/reports`,
      method: 'POST',
      auth: 'Bearer t',
      body: JSON.stringify(body),
    };
    expect(seen.map(({ at: _, ...request }) => request)).toEqual([sent, sent]);
    expect(gaps(seen)[0]).toBeGreaterThanOrEqual(990);
  });

  it('send a 503 again as its Retry-After says', async () => {
    const { fetch, seen } = fakeFetch([() => unavailable('0'), ok]);
    const { data } = await createCommerceClient({ baseUrl: BASE, fetch }).GET('/countries');
    expect([data, seen.length]).toEqual([[{ id: 'FR' }], 2]);
  });

  it('wait 1 s, then 2 s, when the answer gives no Retry-After', async () => {
    const { fetch, seen } = fakeFetch([() => tooMany(), () => tooMany(), ok]);
    const { data } = await createCommerceClient({ baseUrl: BASE, fetch }).GET('/countries');
    expect(data).toEqual([{ id: 'FR' }]);
    const [first, second] = gaps(seen);
    expect(first).toBeGreaterThanOrEqual(990);
    expect(second).toBeGreaterThanOrEqual(1990);
  });

  it('stop after 2 by default, and after as many as `retries` says: the last answer is the error', async () => {
    const { fetch, seen } = fakeFetch([() => tooMany('0'), () => tooMany('0'), () => tooMany('3')]);
    const result = await createCommerceClient({ baseUrl: BASE, fetch }).GET('/countries');
    expect(seen).toHaveLength(3);
    expect(() => unwrap(result)).toThrow(expect.objectContaining({ status: 429, retryAfter: 3 }));

    const five = fakeFetch([...Array(5)].map(() => () => tooMany('0')).concat(ok));
    const { data } = await createCommerceClient({
      baseUrl: BASE,
      fetch: five.fetch,
      retry: { retries: 5 },
    }).GET('/countries');
    expect([data, five.seen.length]).toEqual([[{ id: 'FR' }], 6]);
  });

  it('leave a wait longer than maxWaitSeconds (10 s by default) to the caller, answering at once', async () => {
    const { fetch, seen } = fakeFetch([() => tooMany('120'), () => tooMany('3')]);
    const client = createCommerceClient({ baseUrl: BASE, fetch });
    const started = Date.now();
    expect((await client.GET('/countries')).response.headers.get('retry-after')).toBe('120');
    const strict = createCommerceClient({ baseUrl: BASE, fetch, retry: { maxWaitSeconds: 2 } });
    expect((await strict.GET('/countries')).response.status).toBe(429);
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('are none with `retry: false`, and never for other errors', async () => {
    const { fetch, seen } = fakeFetch([
      () => tooMany('0'),
      () => json(500, { code: 'internal_error', message: 'Something went wrong.' }),
      () => json(504, { code: 'timeout', message: 'The gateway gave up waiting.' }),
    ]);
    expect(
      (await createCommerceClient({ baseUrl: BASE, fetch, retry: false }).GET('/countries')).response.status,
    ).toBe(429);
    const client = createCommerceClient({ baseUrl: BASE, fetch });
    expect((await client.GET('/countries')).response.status).toBe(500);
    expect((await client.GET('/countries')).response.status).toBe(504);
    expect(seen).toHaveLength(3);
  });

  it('are not made when the wait would end past the timeout: the answer comes at once', async () => {
    const { fetch, seen } = fakeFetch([() => tooMany('2')]);
    const started = Date.now();
    const result = await createCommerceClient({ baseUrl: BASE, fetch, timeoutMs: 1_500 }).GET('/countries');
    expect([result.response.status, seen.length]).toEqual([429, 1]);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('the timeout', () => {
  it('rejects a call that takes longer with a TimeoutError', async () => {
    const { fetch } = fakeFetch(['hang']);
    const started = Date.now();
    const call = createCommerceClient({ baseUrl: BASE, fetch, timeoutMs: 300 }).GET('/countries');
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("covers the call's retries and their waits", async () => {
    const { fetch, seen } = fakeFetch([() => tooMany('1'), 'hang']);
    const started = Date.now();
    const call = createCommerceClient({ baseUrl: BASE, fetch, timeoutMs: 1_600 }).GET('/countries');
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('is none with `timeoutMs: false`: the call waits as long as the API does', async () => {
    const { fetch } = fakeFetch([() => json(200, [])]);
    const slow = async (request: Request) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return fetch(request);
    };
    const { data } = await createCommerceClient({ baseUrl: BASE, fetch: slow, timeoutMs: false }).GET(
      '/countries',
    );
    expect(data).toEqual([]);
  });
});

describe("a call's own AbortSignal", () => {
  it('ends the call with its reason, while it waits for the API or for a retry', async () => {
    const client = createCommerceClient({
      baseUrl: BASE,
      fetch: fakeFetch(['hang', () => tooMany('5')]).fetch,
    });
    const waiting = new AbortController();
    const call = client.GET('/countries', { signal: waiting.signal });
    setTimeout(() => waiting.abort(new Error('The user left.')), 100);
    await expect(call).rejects.toThrow('The user left.');

    const retrying = new AbortController();
    const started = Date.now();
    const retried = client.GET('/countries', { signal: retrying.signal });
    setTimeout(() => retrying.abort(new Error('Enough.')), 200);
    await expect(retried).rejects.toThrow('Enough.');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('errors', () => {
  it("are ApiErrors with the status and the API's code and message, or `unexpected_answer` for a body that is not the API's", async () => {
    const { fetch } = fakeFetch([
      () => json(404, { code: 'not_found', message: 'The requested resource was not found.' }),
      () =>
        new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    ]);
    const client = createCommerceClient({ baseUrl: BASE, token: 't', fetch });
    const missing = await client.GET('/orders/{order_id}', { params: { path: { order_id: '7' } } });
    expect(() => unwrap(missing)).toThrow(
      expect.objectContaining({
        name: 'ApiError',
        status: 404,
        code: 'not_found',
        message: 'The requested resource was not found.',
      }),
    );
    const broken = await client.GET('/countries');
    let thrown: unknown;
    try {
      unwrap(broken);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({
      status: 502,
      code: 'unexpected_answer',
      message: 'The API answered 502.',
    });
  });
});
