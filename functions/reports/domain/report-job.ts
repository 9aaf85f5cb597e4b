import { REPORT_LIMITS } from '#functions/contracts/caller-limits';
import { REPORT_ERRORS } from '#functions/contracts/report-workflow-contract';

/**
 * A report job (docs/decisions/report-export.md D5): what was asked, by whom, and how far it got. Pure rules, no AWS.
 */

/** Days a PDF is kept in S3 before the bucket's lifecycle rule deletes it. */
export const REPORT_RETENTION_DAYS = 7;

/** The longest period one report may cover, in days (both ends included). */
export const MAX_REPORT_DAYS = 366;

/** The most orders one report holds; a wider request fails with `report_too_large`. */
export const MAX_REPORT_ORDERS = 100_000;

/** Seconds a polling client is told to wait (`Retry-After`) while the report is produced. */
export const POLL_AFTER_SECONDS = 2;

export type ReportStatus = 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/** Whether the partner was told: not asked for, still being tried, told, or given up on. */
export type NotificationStatus = 'NONE' | 'PENDING' | 'DELIVERED' | 'NOT_DELIVERED';

export interface ReportError {
  readonly code: string;
  readonly message: string;
}

export interface ReportJob {
  /** A UUID (the spec's report identifier); also the name of its execution. */
  readonly id: string;
  readonly ownerId: number;
  /** An administrator's report covers every customer's orders. */
  readonly allCustomers: boolean;
  readonly startDate: string;
  readonly endDate: string;
  readonly callbackUrl?: string;
  /** `webhook-id` of the callback: the same on every attempt, so the partner can deduplicate. */
  readonly webhookId?: string;
  readonly status: ReportStatus;
  readonly error?: ReportError;
  readonly bytes?: number;
  readonly notification: NotificationStatus;
  readonly callbackAttempts?: number;
  /** ISO 8601 instants. */
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** Only the job's creator and administrators may see it (docs/decisions/tokens-and-rights.md D3); anyone else gets a 404. */
export const mayRead = (job: ReportJob, caller: { userId: number; admin: boolean }) =>
  caller.admin || job.ownerId === caller.userId;

/**
 * Whether a job still holds one of its creator's places (docs/decisions/report-export.md D56): only while it is
 * IN_PROGRESS, and not once it has been so for longer than any execution takes (it has lost
 * its execution, and must not shut its creator out for ever). Missing: holds none.
 */
export const holdsPlace = (job: ReportJob | undefined, now: Date): boolean =>
  job?.status === 'IN_PROGRESS' &&
  now.getTime() - Date.parse(job.createdAt) < REPORT_LIMITS.staleAfterSeconds * 1000;

const DAY_MS = 86_400_000;

/** Days from `start` to `end`, both included (`YYYY-MM-DD`, already valid dates). */
export const daysCovered = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;

/** Why a range is refused, as a general sentence, or undefined when it is acceptable. */
export const rangeProblem = (start: string, end: string): string | undefined => {
  if (start > end) return "'start_date' must not be after 'end_date'.";
  if (daysCovered(start, end) > MAX_REPORT_DAYS) {
    return `The period may cover at most ${MAX_REPORT_DAYS} days.`;
  }
  return undefined;
};

/** The `createdAt` bounds (`YYYY-MM-DD HH:MM:SS`, UTC) of the orders a period covers. */
export const createdAtBounds = (start: string, end: string) => ({
  from: `${start} 00:00:00`,
  to: `${end} 23:59:59`,
});

/** `100000` → `100,000`, without Intl, whose first use costs a function about 13 ms. */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The error a failed job shows at the status endpoint, by the name of the error that ended it. */
export const failureFor = (errorName: string | undefined): ReportError => {
  if (errorName === REPORT_ERRORS.tooLarge) {
    return {
      code: 'report_too_large',
      message: `The period holds more than ${thousands(MAX_REPORT_ORDERS)} orders; request a shorter one.`,
    };
  }
  return {
    code: 'report_generation_failed',
    message: 'The report could not be produced. Request it again later.',
  };
};

/** What `GET /orders/reports/status/{id}` says of a job that is not completed. */
export const statusView = (job: ReportJob) =>
  job.status === 'FAILED'
    ? { id: job.id, status: 'FAILED' as const, error: job.error ?? failureFor(undefined) }
    : { id: job.id, status: job.status };

/** The PDF's file name, as `Content-Disposition` offers it. */
export const reportFileName = (job: ReportJob) => `orders-report-${job.startDate}-to-${job.endDate}.pdf`;
