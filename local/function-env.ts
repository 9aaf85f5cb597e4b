import {
  API_SCHEME_ENV,
  BATCH_QUEUE_URL_ENV,
  CATALOGUE_ENV,
  REPORT_ENV,
  TABLE_NAME_ENV,
  WEBHOOK_ENV,
} from '#functions/contracts/environment';
import { projectRoot } from '#lib/project-paths';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from './sandbox-identity';
import { SANDBOX_WEBHOOK_KEY_NAME } from './webhooks/sandbox-webhooks';

export interface FunctionEnvironmentOptions {
  readonly dynamoDbEndpoint: string;
  readonly tableName: string;
  /** fauxqs's endpoint (`AWS_ENDPOINT_URL_SQS`), when the sandbox runs its queues. */
  readonly sqsEndpoint?: string;
  /** The batch queue's URL on that endpoint, for the function that sends to it. */
  readonly batchQueueUrl?: string;
  /** s3rver's endpoint (`AWS_ENDPOINT_URL_S3`) and the reports bucket on it. */
  readonly s3Endpoint?: string;
  readonly reportBucket?: string;
  /** The catalogue import bucket on it, for the publish workflow's task function. */
  readonly catalogueBucket?: string;
  /** The sandbox's Step Functions endpoint (`AWS_ENDPOINT_URL_SFN`) and the report state machine. */
  readonly sfnEndpoint?: string;
  readonly reportStateMachineArn?: string;
  /** The sandbox's Secrets Manager (`AWS_ENDPOINT_URL_SECRETS_MANAGER`), which holds the webhook stage key. */
  readonly secretsManagerEndpoint?: string;
  /** The sandbox's EventBridge endpoint (`AWS_ENDPOINT_URL_EVENTBRIDGE`). */
  readonly eventsEndpoint?: string;
}

/**
 * The environment the functions see in the sandbox: what Lambda and the stack would give them,
 * with the SDK's own endpoint settings pointing DynamoDB at dynalite, SQS at fauxqs, S3 at
 * s3rver and Step Functions at the sandbox's endpoint, so function code has no sandbox special
 * case. Checksums are computed only where an operation requires them (s3rver stores streamed
 * uploads corrupted otherwise), loopback callback URLs are accepted (the sandbox alone, docs/decisions/report-export.md D6),
 * and absolute URLs are http (D61).
 * `LOG_LEVEL` defaults to WARN to keep the console to one line a request, and the functions'
 * metrics (embedded metric format lines on stdout, which only CloudWatch Logs reads) are off
 * unless `POWERTOOLS_METRICS_DISABLED=false` is set.
 */
export const functionEnvironment = (
  options: FunctionEnvironmentOptions,
  current: NodeJS.ProcessEnv = process.env,
): Record<string, string> => ({
  [TABLE_NAME_ENV]: options.tableName,
  AWS_ENDPOINT_URL_DYNAMODB: options.dynamoDbEndpoint,
  ...(options.sqsEndpoint ? { AWS_ENDPOINT_URL_SQS: options.sqsEndpoint } : {}),
  ...(options.batchQueueUrl ? { [BATCH_QUEUE_URL_ENV]: options.batchQueueUrl } : {}),
  ...(options.s3Endpoint
    ? {
        AWS_ENDPOINT_URL_S3: options.s3Endpoint,
        AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
        AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
      }
    : {}),
  ...(options.reportBucket ? { [REPORT_ENV.bucket]: options.reportBucket } : {}),
  ...(options.catalogueBucket ? { [CATALOGUE_ENV.bucket]: options.catalogueBucket } : {}),
  ...(options.sfnEndpoint ? { AWS_ENDPOINT_URL_SFN: options.sfnEndpoint } : {}),
  ...(options.eventsEndpoint ? { AWS_ENDPOINT_URL_EVENTBRIDGE: options.eventsEndpoint } : {}),
  ...(options.reportStateMachineArn ? { [REPORT_ENV.stateMachineArn]: options.reportStateMachineArn } : {}),
  ...(options.secretsManagerEndpoint
    ? {
        AWS_ENDPOINT_URL_SECRETS_MANAGER: options.secretsManagerEndpoint,
        // The key's name, as the stack gives its ARN: never its value (docs/decisions/report-export.md D60).
        [WEBHOOK_ENV.keySecretId]: SANDBOX_WEBHOOK_KEY_NAME,
      }
    : {}),
  [REPORT_ENV.allowLoopbackCallbacks]: '1',
  // The report's fonts and text engine: the project's own packages (a stage's are in a layer).
  [REPORT_ENV.fontsRoot]: projectRoot,
  // The one deployment served over http: its Location headers say so (docs/decisions/http-requests.md D61).
  [API_SCHEME_ENV]: 'http',
  AWS_REGION: SANDBOX_REGION,
  AWS_ACCESS_KEY_ID: SANDBOX_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: SANDBOX_CREDENTIALS.secretAccessKey,
  LOG_LEVEL: current.LOG_LEVEL ?? 'WARN',
  POWERTOOLS_METRICS_DISABLED: current.POWERTOOLS_METRICS_DISABLED ?? 'true',
});

/**
 * Functions run in the sandbox's own process, so their environment is the process's (the
 * workflows' task functions, in their worker thread, get a copy of it when the thread starts,
 * local/stepfunctions/task-thread.ts). Set it before the first handler import and the first
 * task: SDK clients are created at import time.
 */
export const applyFunctionEnvironment = (options: FunctionEnvironmentOptions): void => {
  Object.assign(process.env, functionEnvironment(options));
  // A session token or profile from the developer's shell would be sent to the local servers for nothing.
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
};
