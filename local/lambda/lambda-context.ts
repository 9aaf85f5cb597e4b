import type { Context } from 'aws-lambda';
import type { FunctionSpec } from '#functions/function-registry';
import { lambdaArn, sandboxFunctionName } from '../sandbox-identity';

/** The stack's function settings (lib/api-function.ts), which the context reports. */
export const FUNCTION_TIMEOUT_MS = 10_000;
export const FUNCTION_MEMORY_MB = 512;

/**
 * The Lambda context object a function receives: names, request id and its remaining time;
 * `memoryMb` where the function's own setting differs from the HTTP functions'.
 */
export function lambdaContext(
  fn: FunctionSpec,
  awsRequestId: string,
  deadline: number,
  memoryMb = FUNCTION_MEMORY_MB,
): Context {
  const functionName = sandboxFunctionName(fn.name);
  const deprecated = () => {
    throw new Error('The callback-style context methods are not supported; return a promise.');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: lambdaArn(functionName),
    memoryLimitInMB: String(memoryMb),
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `sandbox/[$LATEST]${awsRequestId.replaceAll('-', '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: deprecated,
    fail: deprecated,
    succeed: deprecated,
  };
}
