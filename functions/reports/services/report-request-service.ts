import { randomUUID } from 'node:crypto';
import { logger } from '#commons/logger';
import type { Caller } from '../../commons/caller';
import { resolvePublic } from '../adapters/public-address';
import type { ReportWorkflowStarter } from '../adapters/report-workflow-starter';
import { parseCallbackUrl } from '../domain/callback-url';
import { failureFor, type ReportJob, rangeProblem } from '../domain/report-job';
import type { ReportJobStore } from '../store/report-job-store';

/** A request the client must change: answered 400 with this general message. */
export class ReportRequestRefused extends Error {
  override readonly name = 'ReportRequestRefused';
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
 * Checks a report request (docs/design.md D5; D6 for the callback URL, resolving its host now;
 * D70: a callback needs a webhook secret of the caller's), records the job and starts its
 * execution. Nothing is started for a refused request. If the execution cannot be started, the
 * job is marked failed before the error goes up, so it never stays IN_PROGRESS with nothing
 * working on it.
 */
export const requestReport = async (
  deps: {
    jobs: ReportJobStore;
    workflow: ReportWorkflowStarter;
    allowLoopbackHttp: boolean;
    /** Whether the caller has a webhook secret to sign its callback with (docs/design.md D70). */
    hasWebhookSecret: (ownerId: number) => Promise<boolean>;
  },
  caller: Caller,
  request: ReportRequest,
  now: Date,
): Promise<ReportJob> => {
  const problem = rangeProblem(request.startDate, request.endDate);
  if (problem) throw new ReportRequestRefused(problem);
  if (request.callbackUrl !== undefined) {
    const parsed = parseCallbackUrl(request.callbackUrl, { allowLoopbackHttp: deps.allowLoopbackHttp });
    if (!parsed.ok) {
      logger.info('callback_url refused', { reason: parsed.reason });
      throw new ReportRequestRefused(CALLBACK_REFUSED);
    }
    if (!parsed.loopback) {
      const resolved = await resolvePublic(parsed.url.hostname);
      if (!resolved.ok) {
        logger.info('callback_url refused', { reason: resolved.reason });
        throw new ReportRequestRefused(CALLBACK_REFUSED);
      }
    }
    // A callback nobody could verify is refused now rather than sent unsigned or never.
    if (!(await deps.hasWebhookSecret(caller.userId))) throw new ReportRequestRefused(NO_WEBHOOK_SECRET);
  }
  const id = randomUUID();
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
  await deps.jobs.createJob(job);
  try {
    await deps.workflow.start(id);
  } catch (error) {
    await deps.jobs.markFailed(id, failureFor(undefined), now);
    throw error;
  }
  return job;
};
