import { EVENT_SOURCES } from '#functions/contracts/event-types';
import type { OrderRecord } from '../../orders/domain/order';
import type { OrderPlaced } from './event-details';

/** One event as `npm run events -- send` reads it and PutEvents takes it: type, source, detail. */
export interface BusEntry<Detail = unknown> {
  readonly 'detail-type': string;
  readonly source: string;
  readonly detail: Detail;
}

/** `YYYY-MM-DD HH:MM:SS` (UTC) as RFC 3339. */
const rfc3339 = (dateTime: string) => `${dateTime.replace(' ', 'T')}Z`;

/** Creation order, the order of a customer's list positions (local/seed/order-seed.ts sorts the same way). */
const byCreation = (a: OrderRecord, b: OrderRecord) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id;

/**
 * The `order.placed` events that bring existing orders (the sandbox's seed, a backfill) into a
 * stage, oldest first, so each customer's list positions come out in creation order. Pure and
 * deterministic: the event id is `order-<id>-v1` and the event happened when the order was
 * created, so sending the same orders twice changes nothing the second time.
 */
export const orderPlacedEvents = (orders: readonly OrderRecord[]): BusEntry<OrderPlaced>[] =>
  [...orders].sort(byCreation).map((order) => ({
    'detail-type': 'order.placed',
    source: EVENT_SOURCES.orders,
    detail: {
      eventId: `order-${order.id}-v1`,
      occurredAt: rfc3339(order.createdAt),
      version: 1,
      id: order.id,
      userId: order.userId,
      createdAt: order.createdAt,
      status: order.status,
      total: { value: order.total.value, currency: order.total.currency },
      sentOn: order.sentOn,
    },
  }));
