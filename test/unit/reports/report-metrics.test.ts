import { randomBytes } from 'node:crypto';
import { reportIdOf, workflowTask } from '#commons/workflow-task';
import { METRIC_NAMES } from '#functions/contracts/metric-names';
import { REPORT_ERRORS } from '#functions/contracts/report-workflow-contract';
import type { UserRecord } from '#functions/identity/domain/user';
import type { OrderRecord } from '#functions/orders/domain/order';
import { generateReport } from '#functions/reports/services/report-generation-service';
import { recordReportState, sendReportCallback } from '#functions/reports/services/report-outcome-service';
import { partnerAnswering } from '../../support/local-partner';
import { memoryCallerLimitStore } from '../support/memory-caller-limit-store';
import { captureMetrics } from '../support/metrics-capture';
import {
  memoryFiles,
  memoryJobStore,
  memoryOrderStore,
  memoryUserStore,
  projectFonts,
} from './memory-report-stores';
import { REPORT_ID, reportJob } from './report-fixtures';

const NOW = new Date('2026-11-22T10:00:00Z');
const captured = captureMetrics();

const order = (id: number, createdAt: string): OrderRecord => ({
  id,
  userId: 2,
  createdAt,
  status: 'paid',
  total: { value: 10, currency: 'EUR' },
  sentOn: null,
});
const users = [{ id: 2, username: 'claire.martin', firstName: 'Claire', lastName: 'Martin' }] as UserRecord[];

describe('report metrics', () => {
  const generate = (orders: OrderRecord[], max?: number) => {
    const jobs = memoryJobStore();
    jobs.jobs.set(REPORT_ID, reportJob());
    const store = memoryOrderStore(orders);
    return generateReport(
      {
        jobs: jobs.store,
        orders: max
          ? { ...store, ordersCreatedBetween: (o, f, t) => store.ordersCreatedBetween(o, f, t, max) }
          : store,
        users: memoryUserStore(users),
        files: memoryFiles().store,
        fonts: projectFonts,
      },
      REPORT_ID,
      NOW,
    );
  };

  it('count a generated report and the orders it lists', async () => {
    await generate([order(1, '2025-01-02 10:00:00'), order(2, '2025-02-03 10:00:00')]);
    expect(captured.counts()).toEqual({
      [METRIC_NAMES.reportsGenerated]: 1,
      [METRIC_NAMES.reportOrders]: 2,
    });
  });

  it('count no generated report when generation fails', async () => {
    await expect(
      generate([order(1, '2025-01-02 10:00:00'), order(2, '2025-02-03 10:00:00')], 1),
    ).rejects.toMatchObject({ name: REPORT_ERRORS.tooLarge });
    expect(captured.counts()).toEqual({});
  });

  it('count a report recorded FAILED, a callback given up, and nothing for a completed report', async () => {
    const jobs = memoryJobStore();
    jobs.jobs.set(REPORT_ID, reportJob({ notification: 'PENDING' }));
    await recordReportState(
      { jobs: jobs.store, limits: memoryCallerLimitStore().store },
      { reportId: REPORT_ID, outcome: 'COMPLETED', bytes: 10 },
      NOW,
    );
    expect(captured.counts()).toEqual({});
    await recordReportState(
      { jobs: jobs.store, limits: memoryCallerLimitStore().store },
      { reportId: REPORT_ID, outcome: 'NOTIFICATION_FAILED' },
      NOW,
    );
    await recordReportState(
      { jobs: jobs.store, limits: memoryCallerLimitStore().store },
      { reportId: REPORT_ID, outcome: 'FAILED', error: REPORT_ERRORS.tooLarge },
      NOW,
    );
    expect(captured.counts()).toEqual({
      [METRIC_NAMES.callbacksGivenUp]: 1,
      [METRIC_NAMES.reportsFailed]: 1,
    });
  });

  describe('of callbacks', () => {
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await close?.();
      close = undefined;
    });

    const withPartner = async (statuses: number[]) => {
      const receiver = await partnerAnswering(statuses);
      close = receiver.close;
      const jobs = memoryJobStore();
      jobs.jobs.set(
        REPORT_ID,
        reportJob({
          status: 'COMPLETED',
          notification: 'PENDING',
          callbackUrl: receiver.url,
          webhookId: `msg_${REPORT_ID}`,
        }),
      );
      return () =>
        sendReportCallback(
          { jobs: jobs.store, secretsOf: async () => [secret], allowLoopbackHttp: true },
          REPORT_ID,
          NOW,
        );
    };

    it('count each refused attempt, then the delivery, and nothing for a retried task after it', async () => {
      const send = await withPartner([503, 500, 204]);
      await expect(send()).rejects.toMatchObject({ name: REPORT_ERRORS.callbackNotDelivered });
      await expect(send()).rejects.toMatchObject({ name: REPORT_ERRORS.callbackNotDelivered });
      await send();
      await send();
      expect(captured.counts()).toEqual({
        [METRIC_NAMES.callbackAttemptsFailed]: 2,
        [METRIC_NAMES.callbacksDelivered]: 1,
      });
    });
  });
});

describe('a workflow task', () => {
  it('writes the metrics of its invocation once, when it succeeds', async () => {
    const task = workflowTask('test task', reportIdOf, async ({ reportId }: { reportId: string }) => {
      const jobs = memoryJobStore();
      jobs.jobs.set(reportId, reportJob());
      return recordReportState(
        { jobs: jobs.store, limits: memoryCallerLimitStore().store },
        { reportId, outcome: 'FAILED', error: 'boom' },
        NOW,
      );
    });
    await task({ reportId: REPORT_ID });
    expect(captured.published).toHaveLength(1);
    expect(captured.published[0]).toMatchObject({ [METRIC_NAMES.reportsFailed]: 1 });
    expect(captured.pending()).toBe(false);
  });

  it('writes them too when it fails, so the counts of a failed attempt are not lost nor carried over', async () => {
    const task = workflowTask('test task', reportIdOf, async () => {
      const jobs = memoryJobStore();
      jobs.jobs.set(REPORT_ID, reportJob({ notification: 'PENDING' }));
      await recordReportState(
        { jobs: jobs.store, limits: memoryCallerLimitStore().store },
        { reportId: REPORT_ID, outcome: 'NOTIFICATION_FAILED' },
        NOW,
      );
      throw new Error('later step failed');
    });
    await expect(task({ reportId: REPORT_ID })).rejects.toThrow('later step failed');
    expect(captured.published).toHaveLength(1);
    expect(captured.published[0]).toMatchObject({ [METRIC_NAMES.callbacksGivenUp]: 1 });
    expect(captured.pending()).toBe(false);
  });

  it('writes nothing when it counted nothing', async () => {
    await workflowTask('test task', reportIdOf, async () => ({ ok: true }))({ reportId: REPORT_ID });
    expect(captured.published).toEqual([]);
  });
});
