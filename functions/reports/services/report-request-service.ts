import { randomUUID } from 'node:crypto';
import type { Caller } from '#commons/caller';
import { logger } from '#commons/logger';
import type { CallerLimitStore } from '#commons/store/caller-limit-store';
import type { ReportWorkflowStarter } from '../adapters/report-workflow-starter';
import { failureFor, type ReportJob, rangeProblem } from '../domain/report-job';
import type { ReportJobStore } from '../store/report-job-store';
import { releaseReportPlace, takeReportPlace } from './report-limits-service';

/** A request the client must change: answered 400 with this general message. */
export class ReportRequestRefused extends Error {
  override readonly name = 'ReportRequestRefused';
}

/** Over the caller's report limits (docs/decisions/report-export.md D56): answered 429 with `Retry-After`. */
export class ReportRequestLimited extends Error {
  override readonly name = 'ReportRequestLimited';
  constructor(readonly retryAfterSeconds: number) {
    super('Too many report requests');
  }
}

const CALLBACK_REFUSED =
  "The field 'callback_url' must be an https URL without credentials whose host resolves to public addresses only.";
const NO_WEBHOOK_SECRET =
  "The field 'callback_url' needs a webhook signing secret of the caller: create one first.";

export interface ReportRequest {
  readonly startDate: string;
  readonly endDate: string;
  readonly callbackUrl?: string;
}

/**
 * Checks a report request (docs/decisions/report-export.md D5; D6 for the callback URL, resolving its host now;
 * D60: a callback needs a webhook secret of the caller's), takes one of the caller's places
 * (D56), records the job and starts its execution. Nothing is recorded or started for a refused
 * request. If the job cannot be recorded, its place is given back; if the execution cannot be
 * started, the job is marked failed and its place given back before the error goes up, so it
 * never stays IN_PROGRESS with nothing working on it.
 */
export const requestReport = async (
  deps: {
    jobs: ReportJobStore;
    workflow: ReportWorkflowStarter;
    limits: CallerLimitStore;
    allowLoopbackHttp: boolean;
    /** Whether the caller has a webhook secret to sign its callback with (docs/decisions/report-export.md D60). */
    hasWebhookSecret: (ownerId: number) => Promise<boolean>;
  },
  caller: Caller,
  request: ReportRequest,
  now: Date,
): Promise<ReportJob> => {
  const problem = rangeProblem(request.startDate, request.endDate);
  if (problem) throw new ReportRequestRefused(problem);
  if (request.callbackUrl !== undefined) {
    // Loaded on the first request with a callback (docs/decisions/functions-and-bundles.md D37).
    const { callbackUrlAccepted } = await import('./callback-url-check');
    if (!(await callbackUrlAccepted(request.callbackUrl, deps.allowLoopbackHttp))) {
      throw new ReportRequestRefused(CALLBACK_REFUSED);
    }
    // A callback nobody could verify is refused now rather than sent unsigned or never.
    if (!(await deps.hasWebhookSecret(caller.userId))) throw new ReportRequestRefused(NO_WEBHOOK_SECRET);
  }
  const id = randomUUID();
  const place = await takeReportPlace(deps, caller.userId, id, now);
  if (!place.taken) {
    logger.info('report request over the caller limits', { reason: place.reason });
    throw new ReportRequestLimited(place.retryAfterSeconds);
  }
  const at = now.toISOString();
  const job: ReportJob = {
    id,
    ownerId: caller.userId,
    allCustomers: caller.admin,
    startDate: request.startDate,
    endDate: request.endDate,
    ...(request.callbackUrl !== undefined
      ? { callbackUrl: request.callbackUrl, webhookId: `msg_${id}` }
      : {}),
    status: 'IN_PROGRESS',
    notification: request.callbackUrl !== undefined ? 'PENDING' : 'NONE',
    createdAt: at,
    updatedAt: at,
  };
  try {
    await deps.jobs.createJob(job);
  } catch (error) {
    await releaseReportPlace(deps.limits, job);
    throw error;
  }
  try {
    await deps.workflow.start(id);
  } catch (error) {
    await deps.jobs.markFailed(id, failureFor(undefined), now);
    await releaseReportPlace(deps.limits, job);
    throw error;
  }
  return job;
};
