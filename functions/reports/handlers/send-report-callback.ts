import { REPORT_ENV } from '#commons/environment';
import { reportIdOf, workflowTask } from '#commons/workflow-task';
import { webhookSecret } from '../adapters/webhook-secret';
import type { ReportExecutionInput } from '../domain/report-workflow';
import { sendReportCallback } from '../services/report-outcome-service';
import { dynamoDbReportJobStore } from '../store/dynamodb-report-job-store';

/** Task "Send callback": one signed POST to the partner; not delivered is an error the state machine retries. */
export const handler = workflowTask<ReportExecutionInput, { delivered: true; status?: number }>(
  'send report callback',
  reportIdOf,
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
