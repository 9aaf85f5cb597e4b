import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { REPORT_ERRORS } from '#functions/contracts/report-workflow-contract';
import type { UserRecord } from '#functions/identity/domain/user';
import type { OrderRecord } from '#functions/orders/domain/order';
import { MAX_REPORT_ORDERS } from '#functions/reports/domain/report-job';
import { generateReport } from '#functions/reports/services/report-generation-service';
import { recordReportState, sendReportCallback } from '#functions/reports/services/report-outcome-service';
import {
  type ReportRequest,
  ReportRequestRefused,
  requestReport,
} from '#functions/reports/services/report-request-service';
import { partnerAnswering } from '../../support/local-partner';
import { memoryCallerLimitStore } from '../support/memory-caller-limit-store';
import {
  memoryFiles,
  memoryJobStore,
  memoryOrderStore,
  memoryUserStore,
  projectFonts,
} from './memory-report-stores';

const NOW = new Date('2026-11-22T10:00:00Z');
const customer = { userId: 2, admin: false };
const admin = { userId: 1, admin: true };

const order = (id: number, userId: number, createdAt: string): OrderRecord => ({
  id,
  userId,
  createdAt,
  status: 'paid',
  total: { value: 10 * id, currency: 'EUR' },
  sentOn: null,
});
const orders = [
  order(1, 2, '2024-12-31 23:59:59'),
  order(2, 2, '2025-01-01 00:00:00'),
  order(3, 3, '2025-01-15 12:00:00'),
  order(4, 2, '2025-01-31 23:59:59'),
  order(5, 2, '2025-02-01 00:00:00'),
];
const users = [
  { id: 1, username: 'ada.admin', firstName: 'Ada', lastName: 'Admin' },
  { id: 2, username: 'claire.martin', firstName: 'Claire', lastName: 'Martin' },
] as UserRecord[];

const setup = (options: { startFails?: boolean; withoutWebhookSecret?: boolean } = {}) => {
  const jobs = memoryJobStore();
  const started: string[] = [];
  const workflow = {
    async start(id: string) {
      if (options.startFails) throw new Error('StartExecution failed');
      started.push(id);
    },
  };
  const limits = memoryCallerLimitStore();
  // The callers' webhook secrets (docs/decisions/report-export.md D60): customers have one unless said.
  const hasWebhookSecret = async () => !options.withoutWebhookSecret;
  return {
    jobs,
    started,
    limits,
    deps: { jobs: jobs.store, workflow, limits: limits.store, allowLoopbackHttp: false, hasWebhookSecret },
  };
};

/** The record-state task's ports over a job store, with limits of their own. */
const recorder = (jobs: ReturnType<typeof memoryJobStore>) => ({
  jobs: jobs.store,
  limits: memoryCallerLimitStore().store,
});

const pdfText = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf, encoding: 'utf8' });

describe('requestReport', () => {
  it('refuses a callback for a caller without a webhook secret, and starts nothing (docs/decisions/report-export.md D60)', async () => {
    const { deps, jobs, started } = setup({ withoutWebhookSecret: true });
    const asked = requestReport(
      { ...deps, allowLoopbackHttp: true },
      customer,
      { startDate: '2025-01-01', endDate: '2025-01-31', callbackUrl: 'http://127.0.0.1:9/x' },
      NOW,
    );
    await expect(asked).rejects.toThrow(ReportRequestRefused);
    await expect(asked).rejects.toThrow("The field 'callback_url' needs a webhook signing secret");
    expect([jobs.jobs.size, started]).toEqual([0, []]);
    // Polling needs none.
    await requestReport(deps, customer, { startDate: '2025-01-01', endDate: '2025-01-31' }, NOW);
    expect(started).toHaveLength(1);
  });

  it('records an IN_PROGRESS job for the caller and starts its execution', async () => {
    const { deps, jobs, started } = setup();
    const job = await requestReport(deps, customer, { startDate: '2025-01-01', endDate: '2025-01-31' }, NOW);
    expect(job.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(jobs.jobs.get(job.id)).toMatchObject({
      ownerId: 2,
      allCustomers: false,
      status: 'IN_PROGRESS',
      notification: 'NONE',
    });
    expect(started).toEqual([job.id]);
  });

  it('keeps the callback URL and one webhook id for every attempt', async () => {
    const { deps } = setup();
    const job = await requestReport(
      deps,
      customer,
      { startDate: '2025-01-01', endDate: '2025-01-31', callbackUrl: 'https://93.184.215.14/hooks' },
      NOW,
    );
    expect(job).toMatchObject({ callbackUrl: 'https://93.184.215.14/hooks', notification: 'PENDING' });
    expect(job.webhookId).toBe(`msg_${job.id}`);
  });

  const refused: [string, ReportRequest][] = [
    ['an end before the start', { startDate: '2025-02-01', endDate: '2025-01-01' }],
    ['more than 366 days', { startDate: '2024-01-01', endDate: '2025-01-01' }],
    ...[
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/hooks',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://localhost/hooks',
      'https://user:secret@93.184.215.14/hooks',
      'http://93.184.215.14/hooks',
      'http://127.0.0.1:8080/hooks',
      'ftp://93.184.215.14/hooks',
      'not a url',
    ].map((url): [string, ReportRequest] => [
      `callback_url ${url}`,
      { startDate: '2025-01-01', endDate: '2025-01-31', callbackUrl: url },
    ]),
  ];
  it.each(refused)('refuses %s, records and starts nothing', async (_, request) => {
    const { deps, jobs, started } = setup();
    const refusal = requestReport(deps, customer, request, NOW);
    await expect(refusal).rejects.toBeInstanceOf(ReportRequestRefused);
    // General messages: no value of the request in them.
    await refusal.catch((error: Error) => {
      expect(error.message).not.toMatch(/169\.254|10\.0\.0\.1|::1|localhost|secret|2025-/);
    });
    expect(jobs.jobs.size).toBe(0);
    expect(started).toEqual([]);
  });

  it('accepts http://127.0.0.1:<port> only where the sandbox allows loopback callbacks', async () => {
    const { deps } = setup();
    const job = await requestReport(
      { ...deps, allowLoopbackHttp: true },
      customer,
      { startDate: '2025-01-01', endDate: '2025-01-31', callbackUrl: 'http://127.0.0.1:8080/hooks' },
      NOW,
    );
    expect(job.callbackUrl).toBe('http://127.0.0.1:8080/hooks');
  });

  it('marks the job failed when its execution cannot start, so it never stays IN_PROGRESS', async () => {
    const { deps, jobs } = setup({ startFails: true });
    await expect(
      requestReport(deps, customer, { startDate: '2025-01-01', endDate: '2025-01-31' }, NOW),
    ).rejects.toThrow('StartExecution failed');
    expect([...jobs.jobs.values()]).toEqual([
      expect.objectContaining({
        status: 'FAILED',
        error: expect.objectContaining({ code: 'report_generation_failed' }),
      }),
    ]);
  });
});

describe('generateReport', () => {
  const run = async (
    caller: { userId: number; admin: boolean },
    options: { max?: number; storeFails?: number } = {},
  ) => {
    const { deps } = setup();
    const job = await requestReport(deps, caller, { startDate: '2025-01-01', endDate: '2025-01-31' }, NOW);
    const files = memoryFiles();
    if (options.storeFails) files.failNext(options.storeFails);
    const orderStore = memoryOrderStore(orders);
    const capped = options.max
      ? {
          ...orderStore,
          ordersCreatedBetween: (o: never, f: string, t: string) =>
            orderStore.ordersCreatedBetween(o, f, t, options.max!),
        }
      : orderStore;
    const deps2 = {
      jobs: deps.jobs,
      orders: capped,
      users: memoryUserStore(users),
      files: files.store,
      fonts: projectFonts,
    };
    return { job, files, run: () => generateReport(deps2, job.id, NOW) };
  };

  it("writes the PDF of exactly the caller's orders created in the period", async () => {
    const { job, files, run: generate } = await run(customer);
    expect(await generate()).toEqual({ bytes: files.files.get(job.id)!.byteLength, orders: 2 });
    const text = pdfText(files.files.get(job.id)!);
    expect(text).toContain('Claire Martin (claire.martin)');
    expect(text).toContain('2025-01-01 to 2025-01-31');
    for (const id of [2, 4]) expect(text).toMatch(new RegExp(`^\\s*${id}\\s+2025-01`, 'm'));
    for (const id of [1, 3, 5]) expect(text).not.toMatch(new RegExp(`^\\s*${id}\\s+20`, 'm'));
  });

  it("gives an administrator every customer's orders of the period", async () => {
    const { job, files, run: generate } = await run(admin);
    expect(await generate()).toMatchObject({ orders: 3 });
    expect(pdfText(files.files.get(job.id)!)).toContain(
      'All customers, for administrator Ada Admin (ada.admin)',
    );
  });

  it(`fails for good (${REPORT_ERRORS.tooLarge}) past the order cap`, async () => {
    const { run: generate } = await run(customer, { max: 1 });
    await expect(generate()).rejects.toMatchObject({ name: REPORT_ERRORS.tooLarge });
    expect(MAX_REPORT_ORDERS).toBe(100_000);
  });

  it(`fails as ${REPORT_ERRORS.storageFailed} (retried by the state machine) when the PDF cannot be stored`, async () => {
    const { job, files, run: generate } = await run(customer, { storeFails: 1 });
    await expect(generate()).rejects.toMatchObject({ name: REPORT_ERRORS.storageFailed });
    await generate();
    expect(files.files.has(job.id)).toBe(true);
  });
});

describe('recordReportState', () => {
  it('completes a job once, and asks for the callback only when one is pending', async () => {
    const { deps, jobs } = setup();
    const polling = await requestReport(
      deps,
      customer,
      { startDate: '2025-01-01', endDate: '2025-01-31' },
      NOW,
    );
    const callback = await requestReport(
      { ...deps, allowLoopbackHttp: true },
      customer,
      { startDate: '2025-01-01', endDate: '2025-01-31', callbackUrl: 'http://127.0.0.1:9/x' },
      NOW,
    );
    const complete = (reportId: string) =>
      recordReportState(recorder(jobs), { reportId, outcome: 'COMPLETED', bytes: 1234 }, NOW);
    expect(await complete(polling.id)).toEqual({ callback: false });
    expect(await complete(callback.id)).toEqual({ callback: true });
    expect(await complete(callback.id)).toEqual({ callback: true });
    expect(jobs.jobs.get(callback.id)).toMatchObject({ status: 'COMPLETED', bytes: 1234 });
  });

  it('records a failure with a general error, and never turns a completed job into a failed one', async () => {
    const { deps, jobs } = setup();
    const a = await requestReport(deps, customer, { startDate: '2025-01-01', endDate: '2025-01-31' }, NOW);
    const b = await requestReport(deps, customer, { startDate: '2025-01-01', endDate: '2025-01-31' }, NOW);
    await recordReportState(
      recorder(jobs),
      { reportId: a.id, outcome: 'FAILED', error: REPORT_ERRORS.tooLarge },
      NOW,
    );
    await recordReportState(recorder(jobs), { reportId: b.id, outcome: 'COMPLETED', bytes: 1 }, NOW);
    await recordReportState(
      recorder(jobs),
      { reportId: b.id, outcome: 'FAILED', error: 'States.Timeout' },
      NOW,
    );
    expect(jobs.jobs.get(a.id)).toMatchObject({ status: 'FAILED', error: { code: 'report_too_large' } });
    expect(jobs.jobs.get(b.id)).toMatchObject({ status: 'COMPLETED' });
  });
});

describe('sendReportCallback', () => {
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  const withPartner = async (statuses: number[], secretsOf = async (_ownerId: number) => [secret]) => {
    const receiver = await partnerAnswering(statuses);
    close = receiver.close;
    const { deps, jobs } = setup();
    const loopback = { ...deps, allowLoopbackHttp: true };
    const job = await requestReport(
      loopback,
      customer,
      { startDate: '2025-01-01', endDate: '2025-01-31', callbackUrl: receiver.url },
      NOW,
    );
    await recordReportState(recorder(jobs), { reportId: job.id, outcome: 'COMPLETED', bytes: 1 }, NOW);
    const send = () =>
      sendReportCallback({ jobs: jobs.store, secretsOf, allowLoopbackHttp: true }, job.id, new Date());
    return { receiver, jobs, job, send };
  };

  it('POSTs the signed notification once delivered, and records it', async () => {
    const { receiver, jobs, job, send } = await withPartner([204]);
    await expect(send()).resolves.toEqual({ delivered: true, status: 204 });
    const [received] = receiver.received;
    const verified = new Webhook(secret).verify(received!.body, received!.headers as Record<string, string>);
    expect(verified).toEqual({
      status: 'COMPLETED',
      links: [{ rel: 'reports', href: `/orders/reports/${job.id}` }],
    });
    expect(jobs.jobs.get(job.id)).toMatchObject({ notification: 'DELIVERED', callbackAttempts: 1 });
    // A retried task after delivery sends nothing more.
    await send();
    expect(receiver.received).toHaveLength(1);
  });

  it(`throws ${REPORT_ERRORS.callbackNotDelivered} while the partner fails, with the same webhook-id each time`, async () => {
    const { receiver, jobs, job, send } = await withPartner([503, 503, 200]);
    await expect(send()).rejects.toMatchObject({ name: REPORT_ERRORS.callbackNotDelivered });
    await expect(send()).rejects.toMatchObject({ name: REPORT_ERRORS.callbackNotDelivered });
    await send();
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toEqual([job.webhookId, job.webhookId, job.webhookId]);
    expect(jobs.jobs.get(job.id)).toMatchObject({ notification: 'DELIVERED', callbackAttempts: 3 });
  });

  it("signs with the report owner's secrets, each one, and no one else's (docs/decisions/report-export.md D60)", async () => {
    const mine = [secret, `whsec_${randomBytes(32).toString('base64')}`];
    const theirs = `whsec_${randomBytes(32).toString('base64')}`;
    const asked: number[] = [];
    const { receiver, send } = await withPartner([204], async (ownerId) => {
      asked.push(ownerId);
      return ownerId === customer.userId ? mine : [theirs];
    });
    await send();
    expect(asked).toEqual([customer.userId]);
    const [received] = receiver.received;
    const headers = received!.headers as Record<string, string>;
    for (const held of mine) expect(() => new Webhook(held).verify(received!.body, headers)).not.toThrow();
    expect(() => new Webhook(theirs).verify(received!.body, headers)).toThrow();
  });

  it(`sends nothing and throws ${REPORT_ERRORS.callbackNotDelivered} (retried) while the owner has no secret`, async () => {
    const { receiver, jobs, job, send } = await withPartner([204], async () => []);
    await expect(send()).rejects.toMatchObject({ name: REPORT_ERRORS.callbackNotDelivered });
    expect(receiver.received).toHaveLength(0);
    expect(jobs.jobs.get(job.id)).toMatchObject({ notification: 'PENDING', callbackAttempts: 1 });
  });

  it('records that the partner was not told once the state machine gives up', async () => {
    const { jobs, job } = await withPartner([]);
    await recordReportState(recorder(jobs), { reportId: job.id, outcome: 'NOTIFICATION_FAILED' }, NOW);
    expect(jobs.jobs.get(job.id)).toMatchObject({ status: 'COMPLETED', notification: 'NOT_DELIVERED' });
  });
});
