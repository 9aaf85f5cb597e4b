/**
 * Reports when the workflow fails (issue 5 "Done when"), each on a sandbox of its own started
 * with SANDBOX_FAULTS (`reports`): a generation failure ends as FAILED with a code and a general
 * message at the status endpoint; a storage failure is retried by the state machine and the
 * report completes, 404 until then. Own sandboxes also count executions exactly, which shows
 * that a refused callback_url starts none: counted from "Ready", by which the catalogue upgrade
 * every sandbox start runs (docs/decisions/catalogue-versions.md D73) has ended.
 */
import { type BatchSandbox as Sandbox, startBatchSandbox as startSandbox } from './support/batches';
import {
  download,
  expectedReportIds,
  getStatus,
  pdfText,
  pollStatus,
  postReport,
  rowIds,
} from './support/reports';

const CUSTOMER = 3;

type Executions = NonNullable<Awaited<ReturnType<Sandbox['stats']>>['executions']>;
/** The sandbox's executions since `from`, counter by counter. */
const executionsSince = async (sandbox: Sandbox, from: Executions) => {
  const now = (await sandbox.stats()).executions!;
  return Object.fromEntries(
    Object.entries(now).map(([name, count]) => [name, count - from[name as keyof Executions]]),
  );
};
const PERIOD = { start_date: '2025-02-01', end_date: '2025-04-30' };

describe('a report whose generation fails', () => {
  let sandbox: Sandbox;
  let ready: Executions;
  beforeAll(async () => {
    sandbox = await startSandbox({ faults: { reports: { generate: 'always' } } });
    ready = (await sandbox.stats()).executions!;
  });
  afterAll(() => sandbox?.stop());

  it('shows FAILED with a code and a general message, and the report stays 404', async () => {
    const token = sandbox.token(CUSTOMER);
    const created = await postReport(sandbox.api, token, PERIOD);
    expect(created.status).toBe(202);
    const statusUrl = created.headers.get('location')!;
    const { response, body, seen } = await pollStatus(statusUrl, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(body).toEqual({
      id: (created.body as { id: string }).id,
      status: 'FAILED',
      error: {
        code: 'report_generation_failed',
        message: 'The report could not be produced. Request it again later.',
      },
    });
    expect(seen.at(-1)).toBe('200 FAILED');
    const { response: report } = await download(statusUrl.replace('/status/', '/'), token);
    expect(report.status).toBe(404);
    expect(await executionsSince(sandbox, ready)).toMatchObject({ started: 1, failed: 1, succeeded: 0 });
  });

  it.each([
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/hooks',
    'https://[::1]/hooks',
    'https://[::ffff:127.0.0.1]/hooks',
    'https://localhost/hooks',
    'http://example.com/hooks',
  ])('refuses callback_url %s with a 400 and starts nothing', async (callbackUrl) => {
    const before = (await sandbox.stats()).executions?.started;
    const created = await postReport(sandbox.api, sandbox.token(CUSTOMER), {
      ...PERIOD,
      callback_url: callbackUrl,
    });
    expect(created.status).toBe(400);
    expect((await sandbox.stats()).executions?.started).toBe(before);
  });
});

describe('a report whose first storage attempt fails', () => {
  let sandbox: Sandbox;
  let ready: Executions;
  beforeAll(async () => {
    sandbox = await startSandbox({ faults: { reports: { store: 1 } } });
    ready = (await sandbox.stats()).executions!;
  });
  afterAll(() => sandbox?.stop());

  it('is IN_PROGRESS and its report 404 until the retry stores it, then complete', async () => {
    const token = sandbox.token(CUSTOMER);
    const created = await postReport(sandbox.api, token, PERIOD);
    const statusUrl = created.headers.get('location')!;
    const reportUrl = statusUrl.replace('/status/', '/');
    // The retry waits 250 ms in the sandbox: long enough to see the job unfinished.
    const early = await getStatus(statusUrl, token);
    expect(early.status).toBe(200);
    expect(await early.json()).toMatchObject({ status: 'IN_PROGRESS' });
    expect(early.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect((await download(reportUrl, token)).response.status).toBe(404);

    const { response } = await pollStatus(statusUrl, token);
    expect(response.status).toBe(303);
    const { response: report, bytes } = await download(reportUrl, token);
    expect(report.status).toBe(200);
    expect(rowIds(pdfText(bytes))).toEqual(expectedReportIds(PERIOD, CUSTOMER));
    expect(await executionsSince(sandbox, ready)).toMatchObject({ started: 1, succeeded: 1, failed: 0 });
  });
});
