import type { Context } from 'aws-lambda';
import type { FunctionSpec } from '../../functions/routes';
import { SANDBOX_REGION } from '../function-env';
import { SANDBOX_ACCOUNT } from './proxy-event';

/** The stack's function settings (lib/api-function.ts), which the context reports. */
export const FUNCTION_TIMEOUT_MS = 10_000;
const MEMORY_MB = '512';

export const sandboxFunctionName = (route: FunctionSpec) => `commerce-api-sandbox-${route.name}`;

/** The Lambda context object a function receives: names, request id and its remaining time. */
export function lambdaContext(route: FunctionSpec, awsRequestId: string, deadline: number): Context {
  const functionName = sandboxFunctionName(route);
  const deprecated = () => {
    throw new Error('The callback-style context methods are not supported; return a promise.');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${SANDBOX_REGION}:${SANDBOX_ACCOUNT}:function:${functionName}`,
    memoryLimitInMB: MEMORY_MB,
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `sandbox/[$LATEST]${awsRequestId.replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: deprecated,
    fail: deprecated,
    succeed: deprecated,
  };
}
