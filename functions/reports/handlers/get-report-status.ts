import { absoluteUrl } from '#commons/http/absolute-url';
import { HttpError, notFound } from '#commons/http/errors';
import { httpRoute, type Reply } from '#commons/http/http-route';
import { mayRead, POLL_AFTER_SECONDS, statusView } from '../domain/report-job';
import { overLimit, STATUS_RATE_SCOPE, windowAt } from '../domain/status-rate-limit';
import { reportPath } from '../http-schemas';
import { dynamoDbRateCounter } from '../store/dynamodb-rate-limiter';
import { dynamoDbReportJobStore } from '../store/dynamodb-report-job-store';

const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_requests', 'Too many requests; wait before calling again.', {
    'Retry-After': String(retryAfterSeconds),
  });

/**
 * GET /orders/reports/status/{report_id} (docs/design.md D5): IN_PROGRESS → 200 + `Retry-After`; done → 303 to
 * the report; failed → 200 with `FAILED` and the error. Only the creator and administrators see
 * a job (404 for anyone else). Every call counts against the caller's rate limit first.
 */
export const handler = httpRoute(
  { auth: true, path: reportPath, cache: 'no-store' },
  async ({ caller, path, event }): Promise<Reply> => {
    const now = Date.now();
    const window = windowAt(now);
    const limited = overLimit(
      await dynamoDbRateCounter.hit(STATUS_RATE_SCOPE, caller.userId, window),
      window,
      now,
    );
    if (limited) throw tooManyRequests(limited.retryAfterSeconds);

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
