import { logger } from '#commons/logger';
import { countMetric } from '#commons/metrics';
import type { CallerLimitStore } from '#commons/store/caller-limit-store';
import { METRIC_NAMES } from '#functions/contracts/metric-names';
import { REPORT_ERRORS, type RecordReportStateInput } from '#functions/contracts/report-workflow-contract';
import { type SendWebhookResult, sendWebhook } from '../adapters/webhook-sender';
import { callbackPayload } from '../domain/callback-body';
import { failureFor } from '../domain/report-job';
import { WorkflowError } from '../domain/workflow-error';
import type { ReportJobStore } from '../store/report-job-store';
import { releaseReportPlace } from './report-limits-service';

/**
 * The workflow's bookkeeping task: records an outcome, and says whether a callback is due. A job
 * that ends, completed or failed, gives its creator's place back (docs/decisions/report-export.md D56); a retried
 * task gives it back again, which changes nothing.
 */
export const recordReportState = async (
  deps: { jobs: ReportJobStore; limits: CallerLimitStore },
  input: RecordReportStateInput,
  now: Date,
): Promise<{ callback: boolean }> => {
  const { jobs, limits } = deps;
  switch (input.outcome) {
    case 'COMPLETED': {
      const job = await jobs.markCompleted(input.reportId, input.bytes, now);
      if (job) await releaseReportPlace(limits, job);
      return { callback: job?.status === 'COMPLETED' && job.notification === 'PENDING' };
    }
    case 'FAILED': {
      logger.warn('report failed', { reportId: input.reportId, error: input.error });
      await jobs.markFailed(input.reportId, failureFor(input.error), now);
      const job = await jobs.getJob(input.reportId);
      if (job) await releaseReportPlace(limits, job);
      countMetric(METRIC_NAMES.reportsFailed);
      return { callback: false };
    }
    case 'NOTIFICATION_FAILED':
      logger.warn('report callback given up', { reportId: input.reportId, error: input.error });
      await jobs.markNotDelivered(input.reportId, now);
      countMetric(METRIC_NAMES.callbacksGivenUp);
      return { callback: false };
  }
};

/**
 * The workflow's callback task: one POST to the stored URL (docs/decisions/report-export.md D6), signed with each
 * of the owner's webhook secrets (D60). Not delivered is an error the state machine retries with
 * backoff; a callback already delivered is not sent again.
 */
export const sendReportCallback = async (
  deps: {
    jobs: ReportJobStore;
    /** The signing secrets of the report's owner, the caller who asked for it (docs/decisions/report-export.md D60). */
    secretsOf: (ownerId: number) => Promise<readonly string[]>;
    allowLoopbackHttp: boolean;
  },
  reportId: string,
  now: Date,
): Promise<{ delivered: true; status?: number }> => {
  const job = await deps.jobs.getJob(reportId);
  if (!job?.callbackUrl || !job.webhookId) throw new WorkflowError('ReportNotFound', 'No callback to send');
  if (job.notification === 'DELIVERED') return { delivered: true };
  const secrets = await deps.secretsOf(job.ownerId);
  // The owner deleted every secret since asking: nothing its partner could verify. Not sent, and
  // tried again on the schedule, in case a new secret is made meanwhile.
  const result: SendWebhookResult =
    secrets.length === 0
      ? { delivered: false, reason: 'the caller has no webhook secret' }
      : await sendWebhook({
          url: job.callbackUrl,
          body: callbackPayload(reportId),
          webhookId: job.webhookId,
          secrets,
          allowLoopbackHttp: deps.allowLoopbackHttp,
          timestamp: now,
        });
  await deps.jobs.recordCallbackAttempt(reportId, result.delivered, now);
  if (!result.delivered) {
    countMetric(METRIC_NAMES.callbackAttemptsFailed);
    logger.warn('report callback not delivered', { reportId, status: result.status, reason: result.reason });
    throw new WorkflowError(REPORT_ERRORS.callbackNotDelivered, 'The partner did not accept the callback');
  }
  countMetric(METRIC_NAMES.callbacksDelivered);
  return { delivered: true, ...(result.status ? { status: result.status } : {}) };
};
