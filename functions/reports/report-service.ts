import { randomUUID } from 'node:crypto';
import { logger } from '#commons/logger';
import type { Caller } from '../identity/domain/caller';
import type { UserStore } from '../identity/store/user-store';
import type { OrderStore } from '../orders/store/order-store';
import { callbackPayload } from './domain/callback-body';
import { parseCallbackUrl } from './domain/callback-url';
import {
  createdAtBounds,
  failureFor,
  MAX_REPORT_ORDERS,
  type ReportJob,
  rangeProblem,
} from './domain/report-job';
import { renderOrdersReport } from './domain/report-pdf';
import { type GeneratedReport, REPORT_ERRORS, type RecordReportStateInput } from './domain/report-workflow';
import { resolvePublic } from './store/public-address';
import type { ReportFiles } from './store/report-files';
import type { ReportJobStore } from './store/report-job-store';
import type { ReportWorkflowStarter } from './store/report-workflow-starter';
import { sendWebhook } from './store/webhook-sender';

/** A request the client must change: answered 400 with this general message. */
export class ReportRequestRefused extends Error {
  override readonly name = 'ReportRequestRefused';
}

/** An error the state machine matches by name (`Retry` / `Catch`). */
export class WorkflowError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

const CALLBACK_REFUSED =
  "The field 'callback_url' must be an https URL without credentials whose host resolves to public addresses only.";

export interface ReportRequest {
  readonly startDate: string;
  readonly endDate: string;
  readonly callbackUrl?: string;
}

/**
 * Checks a report request (D5; D6 for the callback URL, resolving its host now), records the
 * job and starts its execution. Nothing is started for a refused request. If the execution
 * cannot be started, the job is marked failed before the error goes up, so it never stays
 * IN_PROGRESS with nothing working on it.
 */
export const requestReport = async (
  deps: { jobs: ReportJobStore; workflow: ReportWorkflowStarter; allowLoopbackHttp: boolean },
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

/** Whom a report is for, as its first page says. */
const preparedFor = async (users: UserStore, job: ReportJob) => {
  const user = await users.getUser(job.ownerId);
  const who = user ? `${user.firstName} ${user.lastName} (${user.username})` : `User ${job.ownerId}`;
  return job.allCustomers ? `All customers, for administrator ${who}` : who;
};

/**
 * The workflow's first task: the PDF of the job's orders, written to the report files. An
 * unknown job or a range with too many orders fails for good; a storage failure is retried.
 */
export const generateReport = async (
  deps: { jobs: ReportJobStore; orders: OrderStore; users: UserStore; files: ReportFiles },
  reportId: string,
  now: Date,
): Promise<GeneratedReport> => {
  const job = await deps.jobs.getJob(reportId);
  if (!job) throw new WorkflowError('ReportNotFound', 'No such report job');
  const { from, to } = createdAtBounds(job.startDate, job.endDate);
  const { orders, truncated } = await deps.orders.ordersCreatedBetween(
    job.allCustomers ? 'all' : { userId: job.ownerId },
    from,
    to,
    MAX_REPORT_ORDERS,
  );
  if (truncated) throw new WorkflowError(REPORT_ERRORS.tooLarge, 'Too many orders for one report');
  const pdf = await renderOrdersReport({
    orders,
    startDate: job.startDate,
    endDate: job.endDate,
    generatedAt: now,
    preparedFor: await preparedFor(deps.users, job),
  });
  try {
    await deps.files.put(reportId, pdf);
  } catch (error) {
    logger.error('report storage failed', { error });
    throw new WorkflowError(REPORT_ERRORS.storageFailed, 'The PDF could not be stored');
  }
  return { bytes: pdf.byteLength, orders: orders.length };
};

/** The workflow's bookkeeping task: records an outcome, and says whether a callback is due. */
export const recordReportState = async (
  jobs: ReportJobStore,
  input: RecordReportStateInput,
  now: Date,
): Promise<{ callback: boolean }> => {
  switch (input.outcome) {
    case 'COMPLETED': {
      const job = await jobs.markCompleted(input.reportId, input.bytes, now);
      return { callback: job?.status === 'COMPLETED' && job.notification === 'PENDING' };
    }
    case 'FAILED':
      logger.warn('report failed', { reportId: input.reportId, error: input.error });
      await jobs.markFailed(input.reportId, failureFor(input.error), now);
      return { callback: false };
    case 'NOTIFICATION_FAILED':
      logger.warn('report callback given up', { reportId: input.reportId, error: input.error });
      await jobs.markNotDelivered(input.reportId, now);
      return { callback: false };
  }
};

/**
 * The workflow's callback task: one signed POST to the stored URL (D6). Not delivered is an
 * error the state machine retries with backoff; a callback already delivered is not sent again.
 */
export const sendReportCallback = async (
  deps: { jobs: ReportJobStore; secret: () => Promise<string>; allowLoopbackHttp: boolean },
  reportId: string,
  now: Date,
): Promise<{ delivered: true; status?: number }> => {
  const job = await deps.jobs.getJob(reportId);
  if (!job?.callbackUrl || !job.webhookId) throw new WorkflowError('ReportNotFound', 'No callback to send');
  if (job.notification === 'DELIVERED') return { delivered: true };
  const result = await sendWebhook({
    url: job.callbackUrl,
    body: callbackPayload(reportId),
    webhookId: job.webhookId,
    secret: await deps.secret(),
    allowLoopbackHttp: deps.allowLoopbackHttp,
    timestamp: now,
  });
  await deps.jobs.recordCallbackAttempt(reportId, result.delivered, now);
  if (!result.delivered) {
    logger.warn('report callback not delivered', { reportId, status: result.status, reason: result.reason });
    throw new WorkflowError(REPORT_ERRORS.callbackNotDelivered, 'The partner did not accept the callback');
  }
  return { delivered: true, ...(result.status ? { status: result.status } : {}) };
};
