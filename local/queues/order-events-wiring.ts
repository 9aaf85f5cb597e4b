/**
 * The events queue and its dead-letter queue (`lib/order-events.ts`): every number comes from
 * `lib/order-events-settings.ts`, the module the construct is built from. The dead-letter queue
 * has no consumer, as in the stack: refused events wait there for an operator.
 */
import { eventFunctions } from '#functions/function-registry';
import { eventsDeadLetterQueueName, eventsQueueName, orderEventsSettings } from '#lib/order-events-settings';
import { SANDBOX_STAGE } from '../sandbox-identity';
import { type QueueWiring, retryDelaySeconds } from './queue-wiring';

/** The dead-letter queue, where refused events stay. */
export const eventsDeadLetterQueue: QueueWiring = {
  name: eventsDeadLetterQueueName(SANDBOX_STAGE),
  settings: orderEventsSettings.deadLetterQueue,
};

/**
 * The events queue and its consumer. One poller: the sandbox then applies events in the order
 * they were sent, so the seed's orders, sent oldest first, take the seed's list positions (in AWS,
 * Lambda's concurrent batches may swap orders a customer placed within the same moment).
 */
export const eventsQueue: QueueWiring = {
  name: eventsQueueName(SANDBOX_STAGE),
  settings: orderEventsSettings.queue,
  redrive: {
    deadLetterQueue: eventsDeadLetterQueue.name,
    maxReceiveCount: orderEventsSettings.queue.maxReceiveCount,
  },
  consumer: {
    fn: eventFunctions.consumer,
    settings: orderEventsSettings.consumer,
    pollers: 1,
    retryDelaySeconds: retryDelaySeconds(orderEventsSettings.queue.visibilityTimeoutSeconds),
  },
};
