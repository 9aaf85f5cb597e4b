import type { QueueConsumerSettings, QueueSettings } from './batch-queue-settings';
import { resourceName, stageName } from './resource-names';

/**
 * The order and user events' wiring as plain numbers and names (docs/decisions/order-and-user-events.md D47): the single
 * definition that `lib/order-events.ts` builds the bus, rule, queues and event source mapping
 * from, and that the sandbox imports to play them without loading aws-cdk-lib. An infra test holds
 * the synthesized template to these values.
 */

const DAY_SECONDS = 24 * 60 * 60;
const CONSUMER_TIMEOUT_SECONDS = 30;
/** Lambda guidance for SQS event sources: visibility timeout at least 6 × the function timeout. */
const VISIBILITY_TIMEOUT_SECONDS = 6 * CONSUMER_TIMEOUT_SECONDS;

/** The events consumer: Lambda's SQS settings, and how many batches it runs at once. */
export interface EventsConsumerSettings extends QueueConsumerSettings {
  /**
   * The event source mapping's maximum concurrency (2 to 1,000): at most this many batches are
   * invoked at once. Five is where Lambda starts a backlog (docs/decisions/order-and-user-events.md D98).
   */
  readonly maxConcurrency: number;
}

export const orderEventsSettings = {
  /** `consume-events`, on the events queue. */
  consumer: {
    timeoutSeconds: CONSUMER_TIMEOUT_SECONDS,
    batchSize: 10,
    // No batching window: an event is applied as soon as it is queued (the 2 s), and
    // the checkout sends few enough events that fuller batches would save little.
    maxBatchingWindowSeconds: 0,
    reportBatchItemFailures: true,
    maxConcurrency: 5,
  },
  /** The events queue between the bus's rule and the consumer. */
  queue: {
    visibilityTimeoutSeconds: VISIBILITY_TIMEOUT_SECONDS,
    retentionPeriodSeconds: 4 * DAY_SECONDS,
    /**
     * Receives before SQS moves an event to the dead-letter queue: an order whose customer is not
     * registered yet, or a status change that overtook its order, gets 3 tries over 6 minutes.
     */
    maxReceiveCount: 3,
  },
  /** The dead-letter queue: kept as long as SQS allows, longer than the queue's retention. */
  deadLetterQueue: {
    visibilityTimeoutSeconds: VISIBILITY_TIMEOUT_SECONDS,
    retentionPeriodSeconds: 14 * DAY_SECONDS,
  },
  /** How long, and how often, EventBridge tries to hand an event to the queue before its dead-letter queue. */
  target: { maxEventAgeSeconds: DAY_SECONDS, retryAttempts: 185 },
} as const satisfies {
  consumer: EventsConsumerSettings;
  queue: QueueSettings & { maxReceiveCount: number };
  deadLetterQueue: QueueSettings;
  target: { maxEventAgeSeconds: number; retryAttempts: number };
};

/** The stage's event bus: `commerce-api-<stage>`, the name senders put events on. */
export const eventBusName = (stage: string): string => stageName(stage);

/** The rule that routes our events from the bus to the queue. */
export const eventsRuleName = (stage: string): string => resourceName(stage, 'events-to-queue');

/** The events queue and its dead-letter queue. */
export const eventsQueueName = (stage: string): string => resourceName(stage, 'events');
export const eventsDeadLetterQueueName = (stage: string): string => `${eventsQueueName(stage)}-dlq`;
