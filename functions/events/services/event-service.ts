import type { BusEvent } from '../bus-event';
import { orderRecordOf, userRecordOf } from '../domain/event-details';
import { EventRejected } from '../domain/event-rejected';
import type { EventStore } from '../store/event-store';

/** `applied`: the event changed a record. `ignored`: a redelivered, duplicate or older event, which changes nothing. */
export type EventOutcome = 'applied' | 'ignored';

/**
 * Applies one event of the bus (docs/design.md D47). Throws EventRejected for an order whose
 * customer does not exist or a status change of an order that does not exist; nothing is written
 * then, and the message goes back to the queue (and, in the end, to its dead-letter queue).
 */
export async function applyEvent(store: EventStore, event: BusEvent): Promise<EventOutcome> {
  switch (event.type) {
    case 'order.placed': {
      const result = await store.placeOrder(orderRecordOf(event.detail), event.detail.version);
      if (result === 'unknown-user') {
        throw new EventRejected('unknown-user', 'The order names a user that does not exist');
      }
      return result === 'placed' ? 'applied' : 'ignored';
    }
    case 'order.status_changed': {
      const { id, status, sentOn, version } = event.detail;
      const result = await store.changeOrderStatus({ id, status, sentOn }, version);
      if (result === 'unknown-order') {
        throw new EventRejected('unknown-order', 'The status change names an order that does not exist');
      }
      return result === 'changed' ? 'applied' : 'ignored';
    }
    case 'user.registered':
    case 'user.updated': {
      const result = await store.putUser(userRecordOf(event.detail), event.detail.version);
      return result === 'written' ? 'applied' : 'ignored';
    }
  }
}
