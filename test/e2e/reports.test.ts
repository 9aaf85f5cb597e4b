/**
 * Asynchronous reports against the shared sandbox (issue 5 "Done when"): polling mode from the
 * POST to the PDF, callback mode with a local partner verifying the Standard Webhooks signature,
 * the status endpoint's rate limit, and the callback_url addresses that must be refused.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { createReceiver } from '#examples/webhook-receiver/receiver';
import { REPORT_LIMITS, STATUS_POLLS } from '#functions/contracts/caller-limits';
import { partnerAnswering, type Received } from '../support/local-partner';
import { api, baseUrl } from './support/api';
import {
  download,
  expectedReportIds,
  getStatus,
  pdfText,
  pollStatus,
  postReport,
  rowIds,
} from './support/reports';
import { NOT_FOUND } from './support/seed-identities';
import { tokenFor } from './support/tokens';
import { createWebhookSecret } from './support/webhooks';

const OWNER = 4;
const OTHER = 5;
const PERIOD = { start_date: '2025-03-01', end_date: '2025-08-31' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('a report in polling mode', () => {
  const owner = tokenFor(OWNER);
  const other = tokenFor(OTHER);
  let statusUrl: string;
  let reportUrl: string;
  let seen: string[];

  beforeAll(async () => {
    const created = await postReport(api, owner, PERIOD);
    expect(created.status).toBe(202);
    const body = created.body as { id: string; status: string };
    expect(body).toEqual({ id: expect.stringMatching(UUID), status: 'IN_PROGRESS' });
    expect(created.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    statusUrl = created.headers.get('location')!;
    expect(statusUrl).toBe(`${baseUrl()}/orders/reports/status/${body.id}`);
    const polled = await pollStatus(statusUrl, owner);
    seen = polled.seen;
    expect(polled.response.status).toBe(303);
    reportUrl = polled.response.headers.get('location')!;
  });

  it('goes from IN_PROGRESS (or straight) to 303 with the Location of the report', () => {
    expect(['200 IN_PROGRESS', '303']).toContain(seen[0]);
    expect(seen.at(-1)).toBe('303');
    expect(reportUrl).toBe(statusUrl.replace('/status/', '/'));
  });

  it("is a PDF listing exactly the caller's orders created in the period", async () => {
    const { response, bytes } = await download(reportUrl, owner);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="orders-report-2025-03-01-to-2025-08-31.pdf"',
    );
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    const expected = expectedReportIds(PERIOD, OWNER);
    expect(expected.length).toBeGreaterThan(5);
    expect(rowIds(text)).toEqual(expected);
    expect(text).toContain('2025-03-01 to 2025-08-31');
    expect(text).toMatch(/Page 1 of \d+/);
  });

  it('is 404 to another customer at every step, with the body of an unknown report', async () => {
    const status = await getStatus(statusUrl, other);
    expect(status.status).toBe(404);
    expect(await status.json()).toEqual(NOT_FOUND);
    const { response } = await download(reportUrl, other);
    expect(response.status).toBe(404);
    const unknown = await download(`${baseUrl()}/orders/reports/00000000-0000-4000-8000-000000000000`, owner);
    expect(unknown.response.status).toBe(404);
  });

  it('is visible to an administrator', async () => {
    const admin = tokenFor(1, { admin: true });
    expect((await getStatus(statusUrl, admin)).status).toBe(303);
    expect((await download(reportUrl, admin)).response.status).toBe(200);
  });
});

it("gives an administrator every customer's orders of the period", async () => {
  const admin = tokenFor(1, { admin: true });
  const period = { start_date: '2025-12-20', end_date: '2026-01-10' };
  const created = await postReport(api, admin, period);
  const polled = await pollStatus(created.headers.get('location')!, admin);
  const { bytes } = await download(polled.response.headers.get('location')!, admin);
  expect(rowIds(pdfText(bytes))).toEqual(expectedReportIds(period));
});

it(`answers a burst on the status endpoint with 429 and Retry-After past ${STATUS_POLLS.capacity} calls`, async () => {
  const token = tokenFor(6);
  const created = await postReport(api, token, { start_date: '2025-01-01', end_date: '2025-01-31' });
  const url = created.headers.get('location')!;
  const answers = await Promise.all(
    Array.from({ length: STATUS_POLLS.capacity + 10 }, () => getStatus(url, token)),
  );
  const limited = answers.filter((a) => a.status === 429);
  // The bucket's 10, and at most one token more if the burst takes over a second.
  expect(limited.length).toBeGreaterThanOrEqual(answers.length - STATUS_POLLS.capacity - 1);
  for (const answer of limited) {
    expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await answer.json()).toEqual({ code: 'too_many_requests', message: expect.any(String) });
  }
  // Another caller is not affected.
  expect((await getStatus(url, tokenFor(1, { admin: true }))).status).not.toBe(429);
});

it('lets 10 status calls through, not 20, when 20 fall within a second across a 10-s boundary', async () => {
  const token = tokenFor(11);
  const created = await postReport(api, token, { start_date: '2025-02-01', end_date: '2025-02-28' });
  const url = created.headers.get('location')!;
  // D25's old fixed windows turned at every multiple of 10 s: straddle one.
  const boundary = Math.ceil((Date.now() + 1_000) / 10_000) * 10_000;
  await sleep(boundary - 400 - Date.now());
  const before = await Promise.all(Array.from({ length: 10 }, () => getStatus(url, token)));
  await sleep(Math.max(0, boundary + 200 - Date.now()));
  const after = await Promise.all(Array.from({ length: 10 }, () => getStatus(url, token)));
  const passed = [...before, ...after].filter((a) => a.status !== 429);
  // The bucket's 10, and one more token per second the two bursts took.
  expect(passed.length).toBeLessThanOrEqual(STATUS_POLLS.capacity + 1);
});

it(`answers a burst of report requests from one customer with at most ${REPORT_LIMITS.inProgress} in progress, the rest 429`, async () => {
  const token = tokenFor(12);
  const period = { start_date: '2025-04-01', end_date: '2025-04-30' };
  const answers = await Promise.all(Array.from({ length: 8 }, () => postReport(api, token, period)));
  const accepted = answers.filter((a) => a.status === 202);
  const refused = answers.filter((a) => a.status === 429);
  expect(accepted.length + refused.length).toBe(answers.length);
  // A report that ends within the burst frees its place for a later request of it.
  expect(accepted.length).toBeGreaterThanOrEqual(REPORT_LIMITS.inProgress);
  expect(refused.length).toBeGreaterThan(0);
  for (const answer of refused) {
    expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(answer.body).toEqual({ code: 'too_many_requests', message: expect.any(String) });
  }
  // As they end, their places free again: a client that waits as Retry-After says gets one.
  const until = Date.now() + 30_000;
  let again = await postReport(api, token, period);
  while (again.status === 429 && Date.now() < until) {
    await sleep(Number(again.headers.get('retry-after')) * 1000);
    again = await postReport(api, token, period);
  }
  expect(again.status).toBe(202);
});

describe('a report in callback mode', () => {
  let closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.map((close) => close()));
    closers = [];
  });

  const receiver = async (statuses: number[]) => {
    const r = await partnerAnswering(statuses);
    closers.push(r.close);
    return r;
  };
  const waitForPosts = async (received: Received[], count: number, budgetMs: number) => {
    const until = Date.now() + budgetMs;
    while (received.length < count && Date.now() < until) await sleep(100);
    return received;
  };

  it("POSTs one signed notification, which the partner kit's example receiver verifies and follows to the PDF", async () => {
    const token = tokenFor(7);
    // The partner's own secret, made through the API (docs/decisions/report-export.md D60).
    const { secret } = await createWebhookSecret(token);
    const downloaded: { href: string; webhookId: string; pdf: Uint8Array }[] = [];
    const problems: string[] = [];
    // examples/webhook-receiver, as a partner would run it: verifies with standardwebhooks,
    // refuses replays, handles each webhook-id once, then downloads the report.
    const server = createReceiver({
      secret,
      apiBaseUrl: baseUrl(),
      token: () => token,
      onReport: (report) => void downloaded.push(report),
      onProblem: (problem) => void problems.push(problem),
    });
    const posts: string[] = [];
    server.on('request', (req: IncomingMessage) => posts.push(`${req.method} ${req.url}`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/reports`;

    const created = await postReport(api, token, { ...PERIOD, callback_url: callbackUrl });
    expect(created.status).toBe(202);
    expect(created.headers.get('location')).toBeNull();
    expect(created.headers.get('retry-after')).toBeNull();
    const { id } = created.body as { id: string };

    const until = Date.now() + 20_000;
    while (downloaded.length === 0 && problems.length === 0 && Date.now() < until) await sleep(100);
    expect(problems).toEqual([]);
    expect(downloaded).toHaveLength(1);
    expect(downloaded[0]!.href).toBe(`/orders/reports/${id}`);
    expect(rowIds(pdfText(downloaded[0]!.pdf))).toEqual(expectedReportIds(PERIOD, 7));
    // Delivered once: nothing more arrives.
    await sleep(1_000);
    expect(posts).toEqual(['POST /hooks/reports']);
  });

  it('tries a receiver that answers 503 twice three times, with the same webhook-id', async () => {
    const partnerServer = await receiver([503, 503, 200]);
    const { secret } = await createWebhookSecret(tokenFor(8));
    const created = await postReport(api, tokenFor(8), { ...PERIOD, callback_url: partnerServer.url });
    expect(created.status).toBe(202);
    const received = await waitForPosts(partnerServer.received, 3, 40_000);
    expect(received).toHaveLength(3);
    const ids = new Set(received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const r of received) {
      expect(() => new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
    }
    await sleep(1_000);
    expect(partnerServer.received).toHaveLength(3);
  });
});

describe('callback_url addresses that are refused', () => {
  it.each([
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/hooks',
    'https://[::1]/hooks',
    'https://[::ffff:127.0.0.1]/hooks',
    'https://localhost/hooks',
    'http://example.com/hooks',
    'http://10.0.0.1:8080/hooks',
  ])('refuses %s with a 400 that names no address', async (callbackUrl) => {
    const created = await postReport(api, tokenFor(9), { ...PERIOD, callback_url: callbackUrl });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ code: 'invalid_request', message: expect.any(String) });
    expect((created.body as { message: string }).message).not.toMatch(/169|10\.0|::|localhost|example/);
  });
});
