/**
 * The report limits of each caller (docs/decisions/report-export.md D56), on the services with in-memory ports:
 * places in progress, the hourly bucket, what frees a place, and that a refusal leaves nothing.
 */
import { REPORT_LIMITS } from '#functions/contracts/caller-limits';
import { POLL_AFTER_SECONDS } from '#functions/reports/domain/report-job';
import { recordReportState } from '#functions/reports/services/report-outcome-service';
import { ReportRequestLimited, requestReport } from '#functions/reports/services/report-request-service';
import { memoryCallerLimitStore } from '../support/memory-caller-limit-store';
import { memoryJobStore } from './memory-report-stores';

const NOW = new Date('2026-11-22T10:00:00Z');
const PERIOD = { startDate: '2025-01-01', endDate: '2025-01-31' };
const customer = { userId: 2, admin: false };
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

const setup = () => {
  const jobs = memoryJobStore();
  const limits = memoryCallerLimitStore();
  const started: string[] = [];
  const deps = {
    jobs: jobs.store,
    limits: limits.store,
    workflow: { start: async (id: string) => void started.push(id) },
    allowLoopbackHttp: false,
    hasWebhookSecret: async () => true,
  };
  const ask = (at = NOW, caller = customer) => requestReport(deps, caller, PERIOD, at);
  const record = (reportId: string, outcome: 'COMPLETED' | 'FAILED', at = NOW) =>
    recordReportState(
      { jobs: jobs.store, limits: limits.store },
      outcome === 'COMPLETED' ? { reportId, outcome, bytes: 1 } : { reportId, outcome },
      at,
    );
  return { jobs, limits, started, deps, ask, record };
};

describe(`a caller's reports in progress (at most ${REPORT_LIMITS.inProgress})`, () => {
  it('refuses the next with a Retry-After, and records and starts nothing for it', async () => {
    const { jobs, started, ask } = setup();
    for (let i = 0; i < REPORT_LIMITS.inProgress; i++) await ask();
    const refusal = ask();
    await expect(refusal).rejects.toBeInstanceOf(ReportRequestLimited);
    await expect(refusal).rejects.toMatchObject({ retryAfterSeconds: POLL_AFTER_SECONDS });
    expect(jobs.jobs.size).toBe(REPORT_LIMITS.inProgress);
    expect(started).toHaveLength(REPORT_LIMITS.inProgress);
  });

  it('frees a place when a job completes or fails, and a retried record task frees nothing more', async () => {
    const { ask, record, limits } = setup();
    const [a, b] = [await ask(), await ask(), await ask()];
    await record(a!.id, 'COMPLETED');
    await record(a!.id, 'COMPLETED');
    await ask();
    await expect(ask()).rejects.toBeInstanceOf(ReportRequestLimited);
    await record(b!.id, 'FAILED');
    await ask();
    expect(limits.holding('reports', 2)).toHaveLength(REPORT_LIMITS.inProgress);
  });

  it('takes back a place whose job ended without giving it back, or lost its execution long ago', async () => {
    const { jobs, ask, limits } = setup();
    const [ended, lost] = [await ask(), await ask(), await ask()];
    // A record task that never ran: the job says COMPLETED, the place is still held.
    jobs.jobs.set(ended!.id, { ...jobs.jobs.get(ended!.id)!, status: 'COMPLETED' });
    const fourth = await ask(later(1));
    expect(limits.holding('reports', 2)).not.toContain(ended!.id);
    await expect(ask(later(2))).rejects.toBeInstanceOf(ReportRequestLimited);
    // Still IN_PROGRESS an hour on: no execution takes that long.
    const stale = later(REPORT_LIMITS.staleAfterSeconds);
    await ask(stale);
    expect(limits.holding('reports', 2)).not.toContain(lost!.id);
    expect(limits.holding('reports', 2)).toContain(fourth.id);
  });

  it('frees the place of a job that could not be recorded', async () => {
    const { deps, limits } = setup();
    const failing = {
      ...deps,
      jobs: { ...deps.jobs, createJob: async () => Promise.reject(new Error('down')) },
    };
    await expect(requestReport(failing, customer, PERIOD, NOW)).rejects.toThrow('down');
    expect(limits.holding('reports', 2)).toEqual([]);
  });

  it('counts per caller: another customer, or an administrator, has places of their own', async () => {
    const { ask } = setup();
    for (let i = 0; i < REPORT_LIMITS.inProgress; i++) await ask();
    await expect(ask(NOW, { userId: 3, admin: false })).resolves.toBeDefined();
    for (let i = 0; i < REPORT_LIMITS.inProgress; i++) await ask(NOW, { userId: 1, admin: true });
    await expect(ask(NOW, { userId: 1, admin: true })).rejects.toBeInstanceOf(ReportRequestLimited);
  });
});

describe(`a caller's report requests an hour (a bucket of ${REPORT_LIMITS.perHour.capacity})`, () => {
  it('refuses past the bucket, however fast the reports end, with the seconds until a token is back', async () => {
    const { ask, record, jobs } = setup();
    for (let i = 0; i < REPORT_LIMITS.perHour.capacity; i++) {
      const job = await ask(later(i));
      await record(job.id, 'COMPLETED', later(i));
    }
    const at = later(REPORT_LIMITS.perHour.capacity);
    // 30 taken over the last 30 s: the first comes back 120 s after it was taken.
    await expect(ask(at)).rejects.toMatchObject({ retryAfterSeconds: 120 - REPORT_LIMITS.perHour.capacity });
    expect(jobs.jobs.size).toBe(REPORT_LIMITS.perHour.capacity);
    await expect(ask(later(120))).resolves.toBeDefined();
  });
});
