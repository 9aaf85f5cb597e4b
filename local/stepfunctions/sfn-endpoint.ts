import { createServer, type RequestListener } from 'node:http';
import { type AwsJsonAnswer, type AwsJsonRequest, awsJsonListener } from '../aws-json-listener';
import { serveOnLoopback } from '../listen';
import type { ExecutionRecord } from './execution-journal';
import { type StepFunctionsApi, StepFunctionsError } from './sfn-api';

export const AMZ_JSON_1_0 = 'application/x-amz-json-1.0';
export const TARGET_PREFIX = 'AWSStepFunctions.';
const MAX_REQUEST_BYTES = 1024 * 1024;

/** The protocol's timestamps: seconds since the epoch, fractions allowed. */
const seconds = (ms: number) => ms / 1000;

/** DescribeExecution's answer for a record. */
export const describeExecutionOutput = (record: ExecutionRecord) => ({
  executionArn: record.executionArn,
  stateMachineArn: record.stateMachineArn,
  name: record.name,
  status: record.status,
  startDate: seconds(record.startDate),
  ...(record.stopDate !== undefined ? { stopDate: seconds(record.stopDate) } : {}),
  input: record.input,
  inputDetails: { included: true },
  ...(record.output !== undefined ? { output: record.output, outputDetails: { included: true } } : {}),
  ...(record.error !== undefined ? { error: record.error } : {}),
  ...(record.cause !== undefined ? { cause: record.cause } : {}),
});

type Operation = (executions: StepFunctionsApi, body: Record<string, unknown>) => unknown;

const operations: Readonly<Record<string, Operation>> = {
  StartExecution: (executions, body) => {
    const { executionArn, startDate } = executions.start(body);
    return { executionArn, startDate: seconds(startDate) };
  },
  DescribeExecution: (executions, body) => describeExecutionOutput(executions.describe(body.executionArn)),
  StopExecution: (executions, body) => ({ stopDate: seconds(executions.stop(body).stopDate) }),
};

/** The answer to one request: status and JSON body. */
export async function stepFunctionsAnswer(
  executions: StepFunctionsApi,
  request: AwsJsonRequest,
): Promise<AwsJsonAnswer> {
  const error = (code: string, message: string, status = 400) => ({
    status,
    body: { __type: code, message },
  });
  const operation =
    request.method === 'POST' && request.target?.startsWith(TARGET_PREFIX)
      ? operations[request.target.slice(TARGET_PREFIX.length)]
      : undefined;
  if (!operation) {
    return error('UnknownOperationException', `Unknown operation ${request.target ?? '(no X-Amz-Target)'}`);
  }
  if (request.body === undefined) return error('SerializationException', 'The request is too large');
  let body: unknown;
  try {
    body = request.body.length === 0 ? {} : JSON.parse(request.body.toString('utf8'));
  } catch {
    return error('SerializationException', 'The request body is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return error('SerializationException', 'The request body is not a JSON object');
  }
  try {
    return {
      status: 200,
      body: operation(executions, body as Record<string, unknown>) as Record<string, unknown>,
    };
  } catch (caught) {
    if (caught instanceof StepFunctionsError) return error(caught.code, caught.message);
    throw caught;
  }
}

export function createStepFunctionsListener(
  executions: StepFunctionsApi,
  logError: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): RequestListener {
  return awsJsonListener({
    contentType: AMZ_JSON_1_0,
    maxBodyBytes: MAX_REQUEST_BYTES,
    internalError: 'InternalFailure',
    service: 'Step Functions',
    answer: (request) => stepFunctionsAnswer(executions, request),
    logError,
  });
}

export interface StepFunctionsEndpoint {
  /** `http://127.0.0.1:<port>`, the value of `AWS_ENDPOINT_URL_SFN` for the functions. */
  readonly endpoint: string;
  close(): Promise<void>;
}

export async function startStepFunctionsEndpoint(
  executions: StepFunctionsApi,
  options: { port?: number; logError?: (message: string, error: unknown) => void } = {},
): Promise<StepFunctionsEndpoint> {
  const server = createServer(createStepFunctionsListener(executions, options.logError));
  return serveOnLoopback(server, options.port ?? 0);
}
