import { type BusEvent, eventIdentity, parseBusEvent } from '../bus-event';
import { orderRecordOf, userRecordOf } from '../domain/event-details';
import {
  applied,
  duplicate,
  type EventOutcome,
  type EventResult,
  older,
  outcomeExpiry,
} from '../domain/event-outcome';
import { EventRejected, type RejectionReason } from '../domain/event-rejected';
import type { EventStore } from '../store/event-store';
import type { OutcomeStore } from '../store/outcome-store';

/**
 * Applies one event of the bus (docs/decisions/order-and-user-events.md D47): `applied` when it changed a record,
 * `ignored` for a redelivered, duplicate or older event, which changes nothing. Throws
 * EventRejected for an order whose customer does not exist or a status change of an order that
 * does not exist; nothing is written then, and the message goes back to the queue (and, in the
 * end, to its dead-letter queue).
 */
export async function applyEvent(store: EventStore, event: BusEvent): Promise<EventResult> {
  switch (event.type) {
    case 'order.placed': {
      const { id, userId } = event.detail;
      const result = await store.placeOrder(orderRecordOf(event.detail), event.detail.version);
      if (result === 'unknown-user') {
        throw new EventRejected('unknown-user', `the order's customer, user ${userId}, does not exist`);
      }
      return result === 'placed' ? applied('placed') : duplicate({ kind: 'order', id });
    }
    case 'order.status_changed': {
      const { id, status, sentOn, version } = event.detail;
      const result = await store.changeOrderStatus({ id, status, sentOn }, version);
      if (result === 'unknown-order') {
        throw new EventRejected('unknown-order', `order ${id} does not exist`);
      }
      return result === 'changed'
        ? applied(`status set to ${status}`)
        : older({ kind: 'order', id }, version);
    }
    case 'user.registered':
    case 'user.updated': {
      const { id, version } = event.detail;
      const result = await store.putUser(userRecordOf(event.detail), version);
      return result === 'written' ? applied('user record written') : older({ kind: 'user', id }, version);
    }
  }
}

/** One SQS delivery of an event: the message body (EventBridge's envelope) and its receive count. */
export interface Delivery {
  readonly body: string;
  readonly receiveCount: number;
}

/** The outcome of a delivery, and for a refusal its reason's kind (for the log line and the metric). */
export type DeliveryOutcome = Omit<EventOutcome, 'eventId' | 'firstSeenAt'> & {
  readonly eventId?: string;
  readonly rejection?: RejectionReason;
};

/**
 * Handles one delivery (docs/decisions/order-and-user-events.md D78): applies the event and records its outcome, refusals
 * included, under its event id, for `npm run events` to read. The record is one extra write
 * after the change (not in its transaction: a transactional write costs twice). An event with no
 * valid event id has no outcome record (the schema refuses it; the CLI never sends one).
 */
export async function consumeDelivery(
  events: EventStore,
  outcomes: OutcomeStore,
  delivery: Delivery,
  now: Date,
): Promise<DeliveryOutcome> {
  const identity = eventIdentity(delivery.body);
  let result: EventResult;
  let rejection: RejectionReason | undefined;
  try {
    result = await applyEvent(events, parseBusEvent(delivery.body));
  } catch (error) {
    if (!(error instanceof EventRejected)) throw error;
    rejection = error.reason;
    result = { outcome: 'refused', reason: error.message };
  }
  const outcome: DeliveryOutcome = {
    ...identity,
    type: identity.type ?? '-',
    ...result,
    receiveCount: delivery.receiveCount,
    at: now.toISOString(),
    ...(rejection ? { rejection } : {}),
  };
  if (outcome.eventId !== undefined) {
    const { rejection: _kind, ...recorded } = outcome;
    await outcomes.record({ ...recorded, eventId: outcome.eventId }, outcomeExpiry(now));
  }
  return outcome;
}
