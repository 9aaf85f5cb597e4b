/**
 * The typed client's behaviour against answers played by a fake fetch: the token it sends, and its
 * helpers' pacing and endings (clients/typescript/README.md). Its retries and timeouts:
 * client-retries-and-timeouts.test.ts. Against the sandbox: test/e2e/client-example.test.ts and
 * test/e2e/client-package.test.ts.
 */
import {
  ApiError,
  createCommerceClient,
  downloadReport,
  eachItem,
  ReportFailedError,
  unwrap,
  WaitTimeoutError,
  waitForBatch,
} from '@commerce-api/client';
import { BASE, fakeFetch, json } from './fake-fetch';

const REPORT = '2f1c6a55-9d7e-4c1b-8a3e-5b0f9d2c7e41';

describe('createCommerceClient', () => {
  it('sends the token as a bearer token, from a string or a function, and none without one', async () => {
    const { fetch, seen } = fakeFetch([() => json(200, {}), () => json(200, {}), () => json(200, [])]);
    await createCommerceClient({ baseUrl: BASE, token: 'abc', fetch }).GET('/@me');
    await createCommerceClient({ baseUrl: BASE, token: async () => 'def', fetch }).GET('/@me');
    await createCommerceClient({ baseUrl: BASE, fetch }).GET('/countries');
    expect(seen.map(({ url, auth }) => [url, auth])).toEqual([
      [`${BASE}/@me`, 'Bearer abc'],
      [`${BASE}/@me`, 'Bearer def'],
      [`${BASE}/countries`, null],
    ]);
  });

  it("throws the API's {code, message} as an ApiError from unwrap, with its status and Retry-After", async () => {
    const { fetch } = fakeFetch([
      () => json(429, { code: 'too_many_requests', message: 'Too many requests.' }, { 'retry-after': '7' }),
    ]);
    const result = await createCommerceClient({ baseUrl: BASE, fetch, retry: false }).GET('/countries');
    expect(result.error).toEqual({ code: 'too_many_requests', message: 'Too many requests.' });
    expect(() => unwrap(result)).toThrow(
      expect.objectContaining({ status: 429, code: 'too_many_requests', retryAfter: 7 }),
    );
  });
});

describe('downloadReport', () => {
  const pdf = () =>
    new Response(new Uint8Array([37, 80, 68, 70, 45]), {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="orders-report-2025-01-01-to-2025-06-30.pdf"',
      },
    });

  it("waits the 202's Retry-After, then each status answer's and a 429's, and answers the PDF", async () => {
    const { fetch, seen } = fakeFetch([
      () => json(200, { id: REPORT, status: 'IN_PROGRESS' }, { 'retry-after': '1' }),
      () => json(429, { code: 'too_many_requests', message: 'Too many requests.' }, { 'retry-after': '1' }),
      pdf,
    ]);
    const client = createCommerceClient({ baseUrl: BASE, token: 't', fetch });
    const start = Date.now();
    const accepted = {
      data: { id: REPORT, status: 'IN_PROGRESS' as const },
      response: json(202, {}, { 'retry-after': '1', location: `${BASE}/orders/reports/status/${REPORT}` }),
    };
    const report = await downloadReport(client, accepted);
    expect(report).toEqual({
      id: REPORT,
      pdf: new Uint8Array([37, 80, 68, 70, 45]),
      fileName: 'orders-report-2025-01-01-to-2025-06-30.pdf',
    });
    // Only the status route, each call a Retry-After (1 s) after the one before.
    expect(seen.map(({ url }) => url)).toEqual(Array(3).fill(`${BASE}/orders/reports/status/${REPORT}`));
    const gaps = seen.map(({ at }, i) => at - (i === 0 ? start : seen[i - 1]!.at));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(990);
  });

  it("throws a ReportFailedError with the report's error code when it failed", async () => {
    const failed = { code: 'report_too_large', message: 'Ask for a shorter period.' };
    const { fetch } = fakeFetch([() => json(200, { id: REPORT, status: 'FAILED', error: failed })]);
    const client = createCommerceClient({ baseUrl: BASE, fetch });
    const error = await downloadReport(client, REPORT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReportFailedError);
    expect(error).toMatchObject({ reportId: REPORT, ...failed });
  });

  it('throws the 202 refused as an ApiError, and calls nothing more', async () => {
    const { fetch, seen } = fakeFetch([]);
    const client = createCommerceClient({ baseUrl: BASE, fetch });
    const refused = {
      error: { code: 'too_many_requests', message: 'Too many reports.' },
      response: json(429, {}, { 'retry-after': '120' }),
    };
    await expect(downloadReport(client, refused)).rejects.toMatchObject({ status: 429, retryAfter: 120 });
    expect(seen).toEqual([]);
  });
});

describe('waitForBatch', () => {
  const batch = (status: string, count: number | null) => ({
    id: 12,
    status,
    count,
    errors: count === null ? null : [],
    created_at: '2026-11-20 10:00:00',
    updated_at: '2026-11-20 10:00:01',
  });

  it('polls until the batch is completed and answers it', async () => {
    const { fetch, seen } = fakeFetch([
      () => json(200, batch('pending', null)),
      () => json(200, batch('processing', 25)),
      () => json(200, batch('completed', 40)),
    ]);
    const done = await waitForBatch(createCommerceClient({ baseUrl: BASE, fetch }), 12, { intervalMs: 10 });
    expect(done).toEqual(batch('completed', 40));
    expect(seen.map(({ url }) => url)).toEqual(Array(3).fill(`${BASE}/orders/batches/12`));
  });

  it('throws a WaitTimeoutError when the batch is not completed in time', async () => {
    const { fetch } = fakeFetch([
      () => json(200, batch('processing', 3)),
      () => json(200, batch('processing', 9)),
    ]);
    const client = createCommerceClient({ baseUrl: BASE, fetch });
    const error = await waitForBatch(client, 12, { intervalMs: 600, timeoutMs: 1_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toMatchObject({ message: 'Batch 12 was not completed within 1 s.' });
  });

  it('throws a 404 as an ApiError', async () => {
    const { fetch } = fakeFetch([() => json(404, { code: 'not_found', message: 'Not found.' })]);
    await expect(waitForBatch(createCommerceClient({ baseUrl: BASE, fetch }), 12)).rejects.toEqual(
      expect.any(ApiError),
    );
  });
});

describe('eachItem', () => {
  const client = (pages: unknown[][]) =>
    createCommerceClient({
      baseUrl: BASE,
      fetch: fakeFetch(pages.map((page) => () => json(200, page))).fetch,
    });
  const all = async <T>(items: AsyncIterable<T>) => {
    const seen: T[] = [];
    for await (const item of items) seen.push(item);
    return seen;
  };

  it('goes on to the next page until an empty one', async () => {
    const c = client([[{ id: 1 }, { id: 2 }], [{ id: 3 }], []]);
    const asked: number[] = [];
    const items = await all(
      eachItem((page) => {
        asked.push(page);
        return c.POST('/products/search', { body: { page, limit: 2 } });
      }),
    );
    expect(items.map((item) => Number(item.id))).toEqual([1, 2, 3]);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at a page shorter than the limit it is told, asking for no empty page', async () => {
    const c = client([[{ id: 1 }, { id: 2 }], [{ id: 3 }]]);
    const items = await all(
      eachItem((page) => c.POST('/products/search', { body: { page, limit: 2 } }), { limit: 2 }),
    );
    expect(items).toHaveLength(3);
  });

  it('throws a page that fails as an ApiError', async () => {
    const { fetch } = fakeFetch([
      () => json(400, { code: 'invalid_request', message: "The field 'limit' is invalid." }),
    ]);
    const c = createCommerceClient({ baseUrl: BASE, fetch });
    await expect(
      all(eachItem((page) => c.POST('/products/search', { body: { page, limit: 1000 } }))),
    ).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
  });
});
