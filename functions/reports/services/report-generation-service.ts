import { logger } from '#commons/logger';
import { countMetric } from '#commons/metrics';
import { METRIC_NAMES } from '#functions/contracts/metric-names';
import { type GeneratedReport, REPORT_ERRORS } from '#functions/contracts/report-workflow-contract';
import type { UserStore } from '../../identity/store/user-store';
import type { OrderStore } from '../../orders/store/order-store';
import { createdAtBounds, MAX_REPORT_ORDERS, type ReportJob } from '../domain/report-job';
import { renderOrdersReport } from '../domain/report-pdf';
import type { ReportFonts } from '../domain/text-engine';
import { WorkflowError } from '../domain/workflow-error';
import type { ReportFileWriter } from '../store/report-files';
import type { ReportJobStore } from '../store/report-job-store';

/** Whom a report is for, as its first page says. */
const preparedFor = async (users: UserStore, job: ReportJob) => {
  const user = await users.getUser(job.ownerId);
  const who = user ? `${user.firstName} ${user.lastName} (${user.username})` : `User ${job.ownerId}`;
  return job.allCustomers ? `All customers, for administrator ${who}` : who;
};

/** `U+0E01 U+0E02`: which characters, never the text they were in. */
const codePoints = (characters: readonly string[]) =>
  characters
    .flatMap((c) => [...c])
    .map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
    .join(' ');

/**
 * The workflow's first task: the PDF of the job's orders, written to the report files. An
 * unknown job or a range with too many orders fails for good; a storage failure is retried.
 */
export const generateReport = async (
  deps: {
    jobs: ReportJobStore;
    orders: OrderStore;
    users: UserStore;
    files: ReportFileWriter;
    fonts: ReportFonts;
  },
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
    fonts: deps.fonts,
    // The report is still made: those characters show as empty boxes, and extract as themselves.
    onMissingGlyphs: (characters) =>
      logger.warn('report text has characters no report font draws', { characters: codePoints(characters) }),
  });
  try {
    await deps.files.put(reportId, pdf);
  } catch (error) {
    logger.error('report storage failed', { error });
    throw new WorkflowError(REPORT_ERRORS.storageFailed, 'The PDF could not be stored');
  }
  countMetric(METRIC_NAMES.reportsGenerated);
  countMetric(METRIC_NAMES.reportOrders, orders.length);
  return { bytes: pdf.byteLength, orders: orders.length };
};
