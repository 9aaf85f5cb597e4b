/**
 * The order-batch queues and their consumers as the sandbox builds them: every number comes from
 * `lib/batch-queue-settings.ts`, the module the CDK construct (`lib/batch-queue.ts`) is built
 * from, so the sandbox and the stack cannot drift apart. One thing is changed on purpose, and
 * only one: the wait before a failed message is retried (see SANDBOX_TIME_COMPRESSION).
 */

import { batchFunctions, type FunctionSpec } from '../../functions/routes';
import {
  batchDeadLetterQueueName,
  batchQueueName,
  batchQueueSettings,
  type QueueConsumerSettings,
} from '../../lib/batch-queue-settings';

/** The stage the sandbox plays: it names the table (lib/storage.ts) and the queues. */
export const SANDBOX_STAGE = 'sandbox';

/**
 * How much faster than in AWS a failed message comes back in the sandbox.
 *
 * In AWS a message the processor fails on stays invisible for the queue's whole visibility
 * timeout (180 s: 6 × the processor's 30 s timeout) before its next delivery. The sandbox keeps
 * that timeout on the queue and receives with it, so a message is never handed out twice while
 * an invocation still runs, however slow; but when an invocation reports a message failed (or
 * throws), the sandbox sets that message's visibility to the timeout divided by this factor:
 * 180 s / 180 = 1 s. Retries, receive counts and the redrive to the dead-letter queue after
 * `maxReceiveCount` receives happen exactly as in AWS, in seconds instead of minutes.
 * (Dividing the queue's timeout itself instead would hand a message to a second poller when an
 * invocation takes longer than 1 s, which a 250-item invocation on dynalite can.)
 */
export const SANDBOX_TIME_COMPRESSION = 180;

/** The compressed wait before a failed message's next delivery: whole seconds, as SQS takes them. */
export const retryDelaySeconds = (visibilityTimeoutSeconds: number): number =>
  Math.max(1, Math.round(visibilityTimeoutSeconds / SANDBOX_TIME_COMPRESSION));

/**
 * Pollers per mapping: how many invocations of a function run at once. Lambda starts an SQS
 * event source with five concurrent batches and scales up; the sandbox runs every function in
 * one Node.js process with dynalite, where more than a few only queue up behind each other.
 */
export const SANDBOX_POLLERS = { processor: 4, deadLetterRecorder: 2 } as const;

export interface SandboxQueueDefinition {
  readonly name: string;
  /** SQS attribute names and values, as CreateQueue takes them. */
  readonly attributes: Readonly<Record<string, string>>;
}

export interface SandboxConsumerDefinition {
  readonly fn: FunctionSpec;
  readonly settings: QueueConsumerSettings;
  readonly pollers: number;
  readonly retryDelaySeconds: number;
}

const queueAttributes = (settings: { visibilityTimeoutSeconds: number; retentionPeriodSeconds: number }) => ({
  VisibilityTimeout: String(settings.visibilityTimeoutSeconds),
  MessageRetentionPeriod: String(settings.retentionPeriodSeconds),
});

/** The dead-letter queue: created first, since the batch queue's redrive policy names its ARN. */
export const deadLetterQueueDefinition = (stage = SANDBOX_STAGE): SandboxQueueDefinition => ({
  name: batchDeadLetterQueueName(stage),
  attributes: queueAttributes(batchQueueSettings.deadLetterQueue),
});

/** The batch queue, redriving to the dead-letter queue after the construct's `maxReceiveCount` receives. */
export const batchQueueDefinition = (
  deadLetterQueueArn: string,
  stage = SANDBOX_STAGE,
): SandboxQueueDefinition => ({
  name: batchQueueName(stage),
  attributes: {
    ...queueAttributes(batchQueueSettings.queue),
    RedrivePolicy: JSON.stringify({
      deadLetterTargetArn: deadLetterQueueArn,
      maxReceiveCount: batchQueueSettings.queue.maxReceiveCount,
    }),
  },
});

/** The processor on the batch queue. */
export const processorDefinition: SandboxConsumerDefinition = {
  fn: batchFunctions.processor,
  settings: batchQueueSettings.processor,
  pollers: SANDBOX_POLLERS.processor,
  retryDelaySeconds: retryDelaySeconds(batchQueueSettings.queue.visibilityTimeoutSeconds),
};

/** The dead-letter recorder on the dead-letter queue. */
export const deadLetterRecorderDefinition: SandboxConsumerDefinition = {
  fn: batchFunctions.deadLetters,
  settings: batchQueueSettings.deadLetterRecorder,
  pollers: SANDBOX_POLLERS.deadLetterRecorder,
  retryDelaySeconds: retryDelaySeconds(batchQueueSettings.deadLetterQueue.visibilityTimeoutSeconds),
};
