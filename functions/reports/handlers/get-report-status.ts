import { takeCallerLimit } from '#commons/caller-limit';
import { absoluteUrl } from '#commons/http/absolute-url';
import { notFound, tooManyRequests } from '#commons/http/errors';
import { httpRoute, type Reply } from '#commons/http/http-route';
import { dynamoDbCallerLimitStore } from '#commons/store/dynamodb-caller-limit-store';
import { STATUS_POLLS } from '#functions/contracts/caller-limits';
import { mayRead, POLL_AFTER_SECONDS, statusView } from '../domain/report-job';
import { reportPath } from '../reports-http-schemas';
import { dynamoDbReportJobStore } from '../store/dynamodb-report-job-store';

/**
 * GET /orders/reports/status/{report_id} (docs/decisions/report-export.md D5): IN_PROGRESS → 200 + `Retry-After`; done → 303 to
 * the report; failed → 200 with `FAILED` and the error. Only the creator and administrators see
 * a job (404 for anyone else). Every call first takes a token of the caller's bucket (D25).
 */
export const handler = httpRoute(
  { auth: true, path: reportPath, cache: 'no-store' },
  async ({ caller, path, event }): Promise<Reply> => {
    const limit = await takeCallerLimit(dynamoDbCallerLimitStore, 'report-status', caller.userId, {
      bucket: STATUS_POLLS,
      cost: 1,
      nowMs: Date.now(),
    });
    if (!limit.taken) throw tooManyRequests(limit.retryAfterSeconds);

    const job = await dynamoDbReportJobStore.getJob(path.report_id);
    if (!job || !mayRead(job, caller)) throw notFound();
    if (job.status === 'COMPLETED') {
      return {
        status: 303,
        headers: { Location: absoluteUrl(event, `/orders/reports/${job.id}`) },
        body: statusView(job),
      };
    }
    return {
      headers: job.status === 'IN_PROGRESS' ? { 'Retry-After': String(POLL_AFTER_SECONDS) } : {},
      body: statusView(job),
    };
  },
);
