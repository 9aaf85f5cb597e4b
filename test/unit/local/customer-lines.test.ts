/**
 * The seed's orders go through a consumer that runs batches side by side (docs/decisions/order-and-user-events.md
 * D98): the seed's build sends one order of a customer at a time, the next once the one before is
 * in the table, so every customer's list takes its orders in creation order.
 */
import { type CustomerLines, customerLines, type OrderPlaced } from '#local/seed/customer-lines';
import { sandboxSeed } from '#local/seed/seed-items';

const orders = sandboxSeed().orderEvents as OrderPlaced[];
const customerOf = new Map(orders.map((o) => [o.detail.id, o.detail.userId]));

/** Takes rounds until every order went, each round's orders arriving in the order `arrive` picks. */
const run = (lines: CustomerLines, arrive: (ids: number[]) => number[]) => {
  const sent: OrderPlaced[][] = [];
  for (let round = 0; round < 10_000; round++) {
    const ready = lines.takeReady();
    if (ready.length > 0) sent.push(ready);
    const onTheirWay = lines.onTheirWay();
    if (onTheirWay.length === 0) return sent;
    lines.arrived(arrive(onTheirWay));
  }
  throw new Error('The lines never emptied');
};

describe('the seed orders’ lines', () => {
  it('never have two orders of one customer on their way, and send each customer’s in creation order', () => {
    const lines = customerLines(orders);
    const sentByCustomer = new Map<number, number[]>();
    let most = 0;
    // Orders arrive in a scrambled order, a few at a time, as concurrent batches would apply them.
    const sent = run(lines, (ids) => {
      const onTheirWay = ids.map((id) => customerOf.get(id));
      expect(new Set(onTheirWay).size).toBe(onTheirWay.length);
      most = Math.max(most, ids.length);
      return [...ids].reverse().filter((_, i) => i % 3 !== 1);
    });
    for (const event of sent.flat()) {
      const line = sentByCustomer.get(event.detail.userId) ?? [];
      line.push(event.detail.id);
      sentByCustomer.set(event.detail.userId, line);
    }
    expect(sent.flat()).toHaveLength(orders.length);
    for (const [userId, ids] of sentByCustomer) {
      expect(ids).toEqual(orders.filter((o) => o.detail.userId === userId).map((o) => o.detail.id));
    }
    // Every customer side by side: 19 at once.
    expect(most).toBe(new Set(customerOf.values()).size);
  });

  it('send first the orders of the customers with the most left', () => {
    const [first] = run(customerLines(orders), (ids) => ids);
    const left = (userId: number) => orders.filter((o) => o.detail.userId === userId).length;
    const counts = first!.map((o) => left(o.detail.userId));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // User 9 has the most orders of the seed (docs/sandbox.md).
    expect(first![0]!.detail.userId).toBe(9);
  });
});
