import { reportKey } from '#functions/contracts/keys/report-keys';
import type { ReportJob } from '#functions/contracts/seed-records';

/**
 * One report job, the one the sample events of the report routes and task functions name
 * (events/generate-report.json, ...), so that `npm run invoke -- generate-report
 * events/generate-report.json` finds its job: customer 2's first quarter of 2025, with a callback
 * to a partner on http://127.0.0.1:8080 (nothing listens there unless you start one). No
 * execution runs for it: it stays IN_PROGRESS until a task function is invoked on it by hand.
 */
export const SAMPLE_REPORT_ID = '00000000-0000-4000-8000-000000000001';
export const SAMPLE_CALLBACK_URL = 'http://127.0.0.1:8080/report-callback';
const SAMPLE_REPORT_TIME = '2026-01-15T09:30:00.000Z';

export const seedReportJobs = (): ReportJob[] => [
  {
    id: SAMPLE_REPORT_ID,
    ownerId: 2,
    allCustomers: false,
    startDate: '2025-01-01',
    endDate: '2025-03-31',
    callbackUrl: SAMPLE_CALLBACK_URL,
    webhookId: `msg_${SAMPLE_REPORT_ID}`,
    status: 'IN_PROGRESS',
    notification: 'PENDING',
    createdAt: SAMPLE_REPORT_TIME,
    updatedAt: SAMPLE_REPORT_TIME,
  },
];

/** The table items of report jobs, as the job store writes them. */
export const reportJobItems = (jobs: readonly ReportJob[]): Record<string, unknown>[] =>
  jobs.map((job) => ({ ...reportKey(job.id), ...job }));
