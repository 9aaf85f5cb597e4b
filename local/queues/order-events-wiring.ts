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
 * The events queue and its consumer, with as many batches at once as the stack's event source
 * mapping allows (its maximum concurrency): as in AWS, events of one customer handed out in
 * different batches may be applied in either order, so a sender that needs a customer's orders
 * listed in the order sent (the seed) sends each one once the previous one is applied
 * (docs/decisions/order-and-user-events.md D98).
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
    concurrency: orderEventsSettings.consumer.maxConcurrency,
    retryDelaySeconds: retryDelaySeconds(orderEventsSettings.queue.visibilityTimeoutSeconds),
  },
};
