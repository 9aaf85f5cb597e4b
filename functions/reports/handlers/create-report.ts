import { absoluteUrl } from '#commons/http/absolute-url';
import { invalidRequest, tooManyRequests } from '#commons/http/errors';
import { httpRoute, type Reply } from '#commons/http/http-route';
import { dynamoDbCallerLimitStore } from '#commons/store/dynamodb-caller-limit-store';
import { REPORT_ENV } from '#functions/contracts/environment';
import { dynamoDbWebhookSecretStore } from '../../webhooks/store/dynamodb-webhook-secret-store';
import { stepFunctionsStarter } from '../adapters/report-workflow-starter';
import { POLL_AFTER_SECONDS, statusView } from '../domain/report-job';
import { reportRequestBody } from '../reports-http-schemas';
import {
  ReportRequestLimited,
  ReportRequestRefused,
  requestReport,
} from '../services/report-request-service';
import { dynamoDbReportJobStore } from '../store/dynamodb-report-job-store';

/**
 * POST /orders/reports: 202 once the job is recorded and its execution started; 429 with
 * `Retry-After` over the caller's report limits (docs/decisions/report-export.md D56). Without a
 * `callback_url` the client polls: `Location` is the status endpoint, `Retry-After` how long
 * to wait. With one, the answer has no further headers and the partner is called back.
 */
export const handler = httpRoute(
  { auth: true, body: reportRequestBody, cache: 'no-store' },
  async ({ caller, body, event }): Promise<Reply> => {
    let job: Awaited<ReturnType<typeof requestReport>>;
    try {
      job = await requestReport(
        {
          jobs: dynamoDbReportJobStore,
          workflow: stepFunctionsStarter,
          limits: dynamoDbCallerLimitStore,
          allowLoopbackHttp: process.env[REPORT_ENV.allowLoopbackCallbacks] === '1',
          hasWebhookSecret: async (ownerId) => (await dynamoDbWebhookSecretStore.list(ownerId)).length > 0,
        },
        caller,
        {
          startDate: body.start_date,
          endDate: body.end_date,
          ...(body.callback_url !== undefined ? { callbackUrl: body.callback_url } : {}),
        },
        new Date(),
      );
    } catch (error) {
      if (error instanceof ReportRequestRefused) throw invalidRequest(error.message);
      if (error instanceof ReportRequestLimited) throw tooManyRequests(error.retryAfterSeconds);
      throw error;
    }
    const polling = job.callbackUrl === undefined;
    return {
      status: 202,
      headers: polling
        ? {
            Location: absoluteUrl(event, `/orders/reports/status/${job.id}`),
            'Retry-After': String(POLL_AFTER_SECONDS),
          }
        : {},
      body: statusView(job),
    };
  },
);
