/**
 * The order-batch queues and their consumers (`lib/batch-queue.ts`): every number comes from
 * `lib/batch-queue-settings.ts`, the module the construct is built from.
 */
import { batchFunctions } from '#functions/function-registry';
import { batchDeadLetterQueueName, batchQueueName, batchQueueSettings } from '#lib/batch-queue-settings';
import { SANDBOX_STAGE } from '../sandbox-identity';
import { type QueueWiring, retryDelaySeconds, type SandboxConsumerDefinition } from './queue-wiring';

/**
 * Invocations of a function at once, per mapping. The stack sets no maximum concurrency on
 * these: Lambda starts an SQS event source with five concurrent batches and scales up; the
 * sandbox runs every function in one Node.js process with dynalite, where more than a few only
 * queue up behind each other.
 */
export const SANDBOX_CONCURRENCY = { processor: 4, deadLetterRecorder: 2 } as const;

/** The processor on the batch queue. */
export const processorDefinition: SandboxConsumerDefinition = {
  fn: batchFunctions.processor,
  settings: batchQueueSettings.processor,
  concurrency: SANDBOX_CONCURRENCY.processor,
  retryDelaySeconds: retryDelaySeconds(batchQueueSettings.queue.visibilityTimeoutSeconds),
};

/** The dead-letter recorder on the dead-letter queue. */
export const deadLetterRecorderDefinition: SandboxConsumerDefinition = {
  fn: batchFunctions.deadLetters,
  settings: batchQueueSettings.deadLetterRecorder,
  concurrency: SANDBOX_CONCURRENCY.deadLetterRecorder,
  retryDelaySeconds: retryDelaySeconds(batchQueueSettings.deadLetterQueue.visibilityTimeoutSeconds),
};

/** The dead-letter queue and its recorder. */
export const batchDeadLetterQueue: QueueWiring = {
  name: batchDeadLetterQueueName(SANDBOX_STAGE),
  settings: batchQueueSettings.deadLetterQueue,
  consumer: deadLetterRecorderDefinition,
};

/** The batch queue and its processor, redriving to the dead-letter queue after the construct's `maxReceiveCount` receives. */
export const batchQueue: QueueWiring = {
  name: batchQueueName(SANDBOX_STAGE),
  settings: batchQueueSettings.queue,
  redrive: {
    deadLetterQueue: batchDeadLetterQueue.name,
    maxReceiveCount: batchQueueSettings.queue.maxReceiveCount,
  },
  consumer: processorDefinition,
  faults: true,
};
