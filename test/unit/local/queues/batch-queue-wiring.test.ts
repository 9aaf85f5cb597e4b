import { batchFunctions } from '#functions/function-registry';
import { batchQueueSettings } from '#lib/batch-queue-settings';
import {
  batchDeadLetterQueue,
  batchQueue,
  deadLetterRecorderDefinition,
  processorDefinition,
} from '#local/queues/batch-queue-wiring';
import { queueDefinition, retryDelaySeconds, SANDBOX_TIME_COMPRESSION } from '#local/queues/queue-wiring';

describe("the sandbox's batch queues", () => {
  it('take their names, timeouts, retention and redrive from the construct settings', () => {
    const dlq = queueDefinition(batchDeadLetterQueue);
    expect(dlq).toEqual({
      name: 'commerce-api-sandbox-order-batches-dlq',
      attributes: {
        VisibilityTimeout: String(batchQueueSettings.deadLetterQueue.visibilityTimeoutSeconds),
        MessageRetentionPeriod: String(batchQueueSettings.deadLetterQueue.retentionPeriodSeconds),
      },
    });
    const queue = queueDefinition(batchQueue, 'arn:dlq');
    expect(queue.name).toBe('commerce-api-sandbox-order-batches');
    expect(queue.attributes).toMatchObject({
      VisibilityTimeout: String(batchQueueSettings.queue.visibilityTimeoutSeconds),
      MessageRetentionPeriod: String(batchQueueSettings.queue.retentionPeriodSeconds),
    });
    expect(JSON.parse(queue.attributes.RedrivePolicy!)).toEqual({
      deadLetterTargetArn: 'arn:dlq',
      maxReceiveCount: batchQueueSettings.queue.maxReceiveCount,
    });
  });

  it('consume them with the construct consumer settings, retrying failures sooner by one factor', () => {
    expect(processorDefinition).toMatchObject({
      fn: batchFunctions.processor,
      settings: batchQueueSettings.processor,
    });
    expect(deadLetterRecorderDefinition).toMatchObject({
      fn: batchFunctions.deadLetters,
      settings: batchQueueSettings.deadLetterRecorder,
    });
    expect(processorDefinition.retryDelaySeconds).toBe(
      retryDelaySeconds(batchQueueSettings.queue.visibilityTimeoutSeconds),
    );
    expect(retryDelaySeconds(180)).toBe(180 / SANDBOX_TIME_COMPRESSION);
    // SQS takes whole seconds, and 0 would retry at once.
    expect(retryDelaySeconds(30)).toBe(1);
    expect(retryDelaySeconds(900)).toBe(5);
  });
});
