/**
 * Who the sandbox is in AWS's terms: the stage, region and account it plays and the dummy
 * credentials every client in it uses. Every name and ARN the sandbox makes up is built here
 * from these, so they agree with each other and with the stack's names for the stage.
 */

/** The stage the sandbox plays: it names the table (lib/storage.ts), the queues and the functions. */
export const SANDBOX_STAGE = 'sandbox';

export const SANDBOX_REGION = 'us-east-1';

/** The account of every ARN the sandbox makes; fauxqs's own fixed account, in its queue URLs and ARNs, is the same. */
export const SANDBOX_ACCOUNT = '000000000000';

/**
 * The dummy credentials every sandbox client uses. s3rver knows one access key, S3RVER (secret
 * S3RVER), and refuses any other; dynalite and fauxqs check none.
 */
export const SANDBOX_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * A function's physical name at the sandbox's stage: `routeFunctionName` of lib/resource-names.ts,
 * copied to keep aws-cdk-lib out of the request path (a unit test holds the two together).
 */
export const sandboxFunctionName = (name: string) => `commerce-api-${SANDBOX_STAGE}-${name}`;

export const lambdaArn = (functionName: string) =>
  `arn:aws:lambda:${SANDBOX_REGION}:${SANDBOX_ACCOUNT}:function:${functionName}`;

export const stateMachineArn = (name: string) =>
  `arn:aws:states:${SANDBOX_REGION}:${SANDBOX_ACCOUNT}:stateMachine:${name}`;

export const queueArn = (name: string) => `arn:aws:sqs:${SANDBOX_REGION}:${SANDBOX_ACCOUNT}:${name}`;
