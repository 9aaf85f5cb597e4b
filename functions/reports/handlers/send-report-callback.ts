import { reportIdOf, workflowTask } from '#commons/workflow-task';
import { REPORT_ENV } from '#functions/contracts/environment';
import type { ReportExecutionInput } from '#functions/contracts/report-workflow-contract';
import { webhookStageKey } from '../../webhooks/adapters/stage-key';
import { signingSecretsOf } from '../../webhooks/services/webhook-secret-service';
import { dynamoDbWebhookSecretStore } from '../../webhooks/store/dynamodb-webhook-secret-store';
import { sendReportCallback } from '../services/report-outcome-service';
import { dynamoDbReportJobStore } from '../store/dynamodb-report-job-store';

const webhookSecrets = { store: dynamoDbWebhookSecretStore, stageKey: () => webhookStageKey() };

/**
 * Task "Send callback": one POST to the partner, signed with the secrets of the caller who asked
 * for the report (docs/decisions/report-export.md D60); not delivered is an error the state machine retries.
 */
export const handler = workflowTask<ReportExecutionInput, { delivered: true; status?: number }>(
  'send report callback',
  reportIdOf,
  ({ reportId }) =>
    sendReportCallback(
      {
        jobs: dynamoDbReportJobStore,
        secretsOf: (ownerId) => signingSecretsOf(webhookSecrets, ownerId),
        allowLoopbackHttp: process.env[REPORT_ENV.allowLoopbackCallbacks] === '1',
      },
      reportId,
      new Date(),
    ),
);
