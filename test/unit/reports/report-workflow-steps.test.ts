import { execFileSync } from 'node:child_process';
import { REPORT_ERRORS } from '#functions/contracts/report-workflow-contract';
import { MAX_REPORT_ORDERS } from '#functions/reports/domain/report-job';
import { generateReport } from '#functions/reports/services/report-generation-service';
import {
  type ReportRequest,
  ReportRequestRefused,
  requestReport,
} from '#functions/reports/services/report-request-service';
import { memoryFiles, memoryOrderStore, memoryUserStore, projectFonts } from './memory-report-stores';
import { admin, customer, NOW, orders, setup, users } from './report-workflow-fixture';

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
