import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { REPORT_ERRORS } from '#functions/contracts/report-workflow-contract';
import { recordReportState, sendReportCallback } from '#functions/reports/services/report-outcome-service';
import { requestReport } from '#functions/reports/services/report-request-service';
import { partnerAnswering } from '../../support/local-partner';
import { customer, NOW, recorder, setup } from './report-workflow-fixture';

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
