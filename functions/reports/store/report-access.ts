import type { TableAccess } from '#commons/table-access';
import type { ReportJobStore } from './report-job-store';

const JOBS = ['REPORT#*'];

/** What each operation of the report job store (dynamodb-report-job-store.ts) does to the table (docs/decisions/functions-and-bundles.md D53). */
export const reportJobStoreAccess = {
  createJob: [{ actions: ['dynamodb:PutItem'], leadingKeys: JOBS }],
  getJob: [{ actions: ['dynamodb:GetItem'], leadingKeys: JOBS }],
  // Answers the job as it now is: a read after the write.
  markCompleted: [{ actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], leadingKeys: JOBS }],
  markFailed: [{ actions: ['dynamodb:UpdateItem'], leadingKeys: JOBS }],
  recordCallbackAttempt: [{ actions: ['dynamodb:UpdateItem'], leadingKeys: JOBS }],
  markNotDelivered: [{ actions: ['dynamodb:UpdateItem'], leadingKeys: JOBS }],
} as const satisfies Record<keyof ReportJobStore, TableAccess>;
