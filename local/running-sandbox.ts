import { writeFileSync } from 'node:fs';
import { isProcessAlive, readJson, statePaths } from './state-dir';

/**
 * What `sandbox.json` says of the sandbox running on a state directory: where each of its
 * servers is, for `npm run invoke`, the tests and the benchmarks.
 */
export interface RunningSandbox {
  /** `http://127.0.0.1:<port>/v1` */
  readonly url: string;
  readonly pid: number;
  readonly dynamodbEndpoint: string;
  readonly tableName: string;
  /** fauxqs's endpoint and the batch queues on it. */
  readonly sqsEndpoint: string;
  readonly batchQueueUrl: string;
  readonly deadLetterQueueUrl: string;
  /** s3rver's endpoint and the bucket of the report PDFs. */
  readonly s3Endpoint: string;
  readonly reportBucket: string;
  /** The Step Functions endpoint and the report state machine's ARN on it. */
  readonly sfnEndpoint: string;
  readonly reportStateMachineArn: string;
  /** The Secrets Manager endpoint that holds the webhook stage key (its value is in no file but its own). */
  readonly secretsManagerEndpoint: string;
  /** The EventBridge endpoint (PutEvents) of the stage's bus, `commerce-api-sandbox`. */
  readonly eventsEndpoint: string;
  /** The events queue and its dead-letter queue on fauxqs (`npm run events -- dead-letters`, `redrive`). */
  readonly eventsQueueUrl: string;
  readonly eventsDeadLetterQueueUrl: string;
  /** The catalogue import bucket (on s3rver) and the publish state machine's ARN. */
  readonly catalogueBucket: string;
  readonly catalogueStateMachineArn: string;
}

/** The servers of a sandbox, without the API's URL and the process: what the functions' environment is made from. */
export type SandboxServers = Omit<RunningSandbox, 'url' | 'pid'>;

/** The sandbox serving this state directory, if one is running. */
export const runningSandbox = (stateDir: string): RunningSandbox | undefined => {
  const running = readJson<RunningSandbox>(statePaths(stateDir).running);
  return running && isProcessAlive(running.pid) ? running : undefined;
};

export const writeRunningSandbox = (stateDir: string, running: RunningSandbox) =>
  writeFileSync(statePaths(stateDir).running, `${JSON.stringify(running, null, 2)}\n`);
