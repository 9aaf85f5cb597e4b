import type { BusEvent } from '#functions/contracts/event-messages';

export type OrderPlaced = Extract<BusEvent, { type: 'order.placed' }>;

/**
 * The seed's orders as one line a customer, oldest first, and the one of each customer on its
 * way: a customer's next order goes only once the one before is in the table, so batches applied
 * side by side never hold two orders of one customer (docs/decisions/order-and-user-events.md D98).
 */
export interface CustomerLines {
  /**
   * The next order of every customer with none on its way, the customers with the most orders
   * left first: a batch's records are applied one after the other, and the longest line sets
   * when the seed is in.
   */
  takeReady(): OrderPlaced[];
  /** The ids of the orders on their way. */
  onTheirWay(): number[];
  /** These orders are in the table: their customers' next ones may go. */
  arrived(ids: readonly number[]): void;
}

export function customerLines(events: readonly OrderPlaced[]): CustomerLines {
  const waiting = new Map<number, OrderPlaced[]>();
  for (const event of events) {
    const line = waiting.get(event.detail.userId) ?? [];
    line.push(event);
    waiting.set(event.detail.userId, line);
  }
  /** Order id → its customer. */
  const onTheirWay = new Map<number, number>();
  return {
    takeReady() {
      const busy = new Set(onTheirWay.values());
      const ready: { event: OrderPlaced; left: number }[] = [];
      for (const [userId, line] of waiting) {
        if (busy.has(userId)) continue;
        const next = line.shift();
        if (!next) continue;
        onTheirWay.set(next.detail.id, userId);
        ready.push({ event: next, left: line.length });
      }
      return ready.sort((a, b) => b.left - a.left).map(({ event }) => event);
    },
    onTheirWay: () => [...onTheirWay.keys()],
    arrived(ids) {
      for (const id of ids) onTheirWay.delete(id);
    },
  };
}
