import { BATCH_QUEUE_URL_ENV } from '../functions/batches/domain/queue-settings';
import { TABLE_NAME_ENV } from '../functions/commons/table-schema';

/** The region and dummy credentials every sandbox client uses: dynalite and fauxqs check neither. */
export const SANDBOX_REGION = 'us-east-1';
export const SANDBOX_CREDENTIALS = { accessKeyId: 'sandbox', secretAccessKey: 'sandbox' } as const;

export interface FunctionEnvironmentOptions {
  readonly dynamoDbEndpoint: string;
  readonly tableName: string;
  /** fauxqs's endpoint (`AWS_ENDPOINT_URL_SQS`), when the sandbox runs its queues. */
  readonly sqsEndpoint?: string;
  /** The batch queue's URL on that endpoint, for the function that sends to it. */
  readonly batchQueueUrl?: string;
}

/**
 * The environment the functions see in the sandbox: what Lambda and the stack would give them,
 * with the SDK's own endpoint settings pointing DynamoDB at dynalite and SQS at fauxqs, so
 * function code has no sandbox special case. `LOG_LEVEL` defaults to WARN to keep the console
 * to one line a request.
 */
export const functionEnvironment = (
  options: FunctionEnvironmentOptions,
  current: NodeJS.ProcessEnv = process.env,
): Record<string, string> => ({
  [TABLE_NAME_ENV]: options.tableName,
  AWS_ENDPOINT_URL_DYNAMODB: options.dynamoDbEndpoint,
  ...(options.sqsEndpoint ? { AWS_ENDPOINT_URL_SQS: options.sqsEndpoint } : {}),
  ...(options.batchQueueUrl ? { [BATCH_QUEUE_URL_ENV]: options.batchQueueUrl } : {}),
  AWS_REGION: SANDBOX_REGION,
  AWS_ACCESS_KEY_ID: SANDBOX_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: SANDBOX_CREDENTIALS.secretAccessKey,
  LOG_LEVEL: current.LOG_LEVEL ?? 'WARN',
});

/**
 * Functions run in the sandbox's own process, so their environment is the process's. Set it
 * before the first handler import: SDK clients are created at import time.
 */
export const applyFunctionEnvironment = (options: FunctionEnvironmentOptions): void => {
  Object.assign(process.env, functionEnvironment(options));
  // A session token or profile from the developer's shell would be sent to dynalite for nothing.
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
};
