import { resourceName } from './resource-names';

/**
 * The order-batch queue's wiring as plain numbers and names: the single definition that
 * `lib/batch-queue.ts` builds the queues and event source mappings from, and that the sandbox
 * imports to emulate them (batching, partial failures, redrive) without loading aws-cdk-lib.
 * `test/infra/batch-queue.test.ts` holds the synthesized template to these values, so the
 * sandbox and the deployed stack cannot drift apart. No imports on purpose: importing this
 * module costs nothing at sandbox start.
 */

/** Lambda guidance for SQS event sources: visibility timeout at least 6 × the function timeout. */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

const DAY_SECONDS = 24 * 60 * 60;

/** How a function consumes a queue (Lambda's SQS event source mapping). */
export interface QueueConsumerSettings {
  /** Function timeout. */
  readonly timeoutSeconds: number;
  /** Most messages handed to one invocation. */
  readonly batchSize: number;
  /** How long Lambda gathers messages before invoking with fewer than `batchSize`. */
  readonly maxBatchingWindowSeconds: number;
  /**
   * The function answers `{ batchItemFailures: [{ itemIdentifier: messageId }] }`: only those
   * messages become visible again (after the visibility timeout); the rest are deleted.
   */
  readonly reportBatchItemFailures: true;
}

export interface QueueSettings {
  /** How long a received message stays invisible to other consumers. */
  readonly visibilityTimeoutSeconds: number;
  /** How long an unconsumed message is kept. */
  readonly retentionPeriodSeconds: number;
}

const PROCESSOR_TIMEOUT_SECONDS = 30;
const DEAD_LETTER_RECORDER_TIMEOUT_SECONDS = 30;

export const batchQueueSettings = {
  /** `process-batch-items`, on the order-batches queue. */
  processor: {
    timeoutSeconds: PROCESSOR_TIMEOUT_SECONDS,
    batchSize: 10,
    maxBatchingWindowSeconds: 1,
    reportBatchItemFailures: true,
  },
  /** The order-batches queue: one message per chunk of at most 25 items. */
  queue: {
    visibilityTimeoutSeconds: VISIBILITY_TIMEOUT_FACTOR * PROCESSOR_TIMEOUT_SECONDS,
    retentionPeriodSeconds: 4 * DAY_SECONDS,
    /** Receives after which SQS moves a message to the dead-letter queue instead of delivering it again. */
    maxReceiveCount: 3,
  },
  /** The dead-letter queue: the longest retention SQS allows, longer than the source queue's. */
  deadLetterQueue: {
    visibilityTimeoutSeconds: VISIBILITY_TIMEOUT_FACTOR * DEAD_LETTER_RECORDER_TIMEOUT_SECONDS,
    retentionPeriodSeconds: 14 * DAY_SECONDS,
  },
  /** `record-dead-batch-items`, on the dead-letter queue: records the items of each dead message as failed. */
  deadLetterRecorder: {
    timeoutSeconds: DEAD_LETTER_RECORDER_TIMEOUT_SECONDS,
    batchSize: 10,
    maxBatchingWindowSeconds: 1,
    reportBatchItemFailures: true,
  },
} as const satisfies {
  processor: QueueConsumerSettings;
  queue: QueueSettings & { maxReceiveCount: number };
  deadLetterQueue: QueueSettings;
  deadLetterRecorder: QueueConsumerSettings;
};

/** Physical name of the order-batches queue of a stage. */
export const batchQueueName = (stage: string): string => resourceName(stage, 'order-batches');

/** Physical name of its dead-letter queue. */
export const batchDeadLetterQueueName = (stage: string): string => `${batchQueueName(stage)}-dlq`;
