import type { ReportExecutionInput } from '../domain/report-workflow';
import { REPORT_ENV } from '../report-env';
import { sendReportCallback } from '../report-outcomes';
import { dynamoDbReportJobStore } from '../store/dynamodb-report-job-store';
import { webhookSecret } from '../store/webhook-secret';
import { workflowTask } from './workflow-task';

/** Task "Send callback": one signed POST to the partner; not delivered is an error the state machine retries. */
export const handler = workflowTask<ReportExecutionInput, { delivered: true; status?: number }>(
  'send report callback',
  ({ reportId }) =>
    sendReportCallback(
      {
        jobs: dynamoDbReportJobStore,
        secret: () => webhookSecret(),
        allowLoopbackHttp: process.env[REPORT_ENV.allowLoopbackCallbacks] === '1',
      },
      reportId,
      new Date(),
    ),
);
