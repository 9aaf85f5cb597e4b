import { Duration } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { JsonPath, TaskInput, Timeout } from 'aws-cdk-lib/aws-stepfunctions';
import { LambdaInvoke } from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';

/** Lambda refused the invocation: the function's reserved concurrency, or the account's, is used up. */
export const LAMBDA_THROTTLED = 'Lambda.TooManyRequestsException';

/** Errors of Lambda itself (not of our code) that are always worth another try. */
export const LAMBDA_SERVICE_ERRORS = [
  'Lambda.ClientExecutionTimeoutException',
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  LAMBDA_THROTTLED,
];

export interface LambdaTaskProps {
  readonly state: string;
  readonly fn: IFunction;
  readonly payload: Record<string, unknown>;
  readonly timeoutSeconds: number;
  /** Where the task's result lands beside the input (`$`: in its place); dropped when left out. */
  readonly resultPath?: string;
}

/**
 * A Task state that invokes a function with the function's ARN as its Resource (so the same
 * definition runs in the sandbox), a payload built from the state's input, a timeout equal to the
 * function's, and no retries but those the workflow adds by error name.
 */
export const lambdaTask = (scope: Construct, props: LambdaTaskProps) =>
  new LambdaInvoke(scope, props.state, {
    stateName: props.state,
    lambdaFunction: props.fn,
    payloadResponseOnly: true,
    payload: TaskInput.fromObject(props.payload),
    taskTimeout: Timeout.duration(Duration.seconds(props.timeoutSeconds)),
    retryOnServiceExceptions: false,
    // `$` is ASL's default, so it is written by leaving ResultPath out: aws-local-stepfunctions
    // 3.0.0, which runs the definition in the sandbox, sets a field named `$` on an explicit one.
    resultPath: props.resultPath === '$' ? undefined : (props.resultPath ?? JsonPath.DISCARD),
  });
