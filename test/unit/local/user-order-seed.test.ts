import { ORDER_STATUSES } from '#functions/orders/domain/order';
import {
  customerOrdersNewestFirst,
  FIRST_ORDER_DAY,
  LAST_ORDER_DAY,
  MIN_ORDERS_PER_CUSTOMER,
  ORDER_COUNT,
  orderItems,
  positionedOrders,
  seedOrders,
} from '#local/seed/order-seed';
import { sandboxSeed } from '#local/seed/seed-items';
import { ADMIN_USER_ID, CUSTOMER_IDS, seedUsers, userItems } from '#local/seed/user-seed';

const users = seedUsers();
const orders = seedOrders();

describe('the seeded users', () => {
  it('are the same on every call', () => {
    expect(seedUsers()).toEqual(users);
  });

  it('are users 1..20: 1 the administrator, 2..20 the customers', () => {
    expect(users.map((u) => u.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(ADMIN_USER_ID).toBe(1);
    expect(CUSTOMER_IDS).toEqual(users.slice(1).map((u) => u.id));
  });

  it('have complete, plausible records with distinct usernames and e-mail addresses', () => {
    for (const user of users) {
      expect(user.username).toMatch(/^[a-z]+\.[a-z]+$/);
      expect(user.email).toMatch(new RegExp(`^${user.username.replace('.', '\\.')}@example\\.(com|org)$`));
      expect(user.firstName.length).toBeGreaterThan(1);
      expect(user.lastName.length).toBeGreaterThan(1);
      expect(user.phone.home).toMatch(/^\+[1-9]\d{9,13}$/);
      expect(user.phone.mobile).toMatch(/^\+[1-9]\d{9,13}$/);
      expect(user.phone.home).not.toBe(user.phone.mobile);
      for (const part of [user.address.street, user.address.zipCode, user.address.city]) {
        expect(part.trim()).toBe(part);
        expect(part.length).toBeGreaterThan(0);
      }
    }
    expect(new Set(users.map((u) => u.username)).size).toBe(users.length);
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    expect(users[0]!.username).toBe('ada.lovelace');
  });

  it('are stored at their user key', () => {
    expect(userItems(users.slice(0, 1))).toEqual([{ pk: 'USER#1', sk: 'USER', ...users[0] }]);
  });
});

describe('the seeded orders', () => {
  it('are the same on every call', () => {
    expect(seedOrders()).toEqual(orders);
  });

  it('are 1,200, ids 1..1200 in order of creation, between the first and the last order day', () => {
    expect(orders).toHaveLength(ORDER_COUNT);
    expect(orders.map((o) => o.id)).toEqual(Array.from({ length: ORDER_COUNT }, (_, i) => i + 1));
    const created = orders.map((o) => o.createdAt);
    expect(created).toEqual([...created].sort());
    expect(created[0]! >= `${FIRST_ORDER_DAY} 00:00:00`).toBe(true);
    expect(created.at(-1)! <= `${LAST_ORDER_DAY} 23:59:59`).toBe(true);
    for (const at of created) expect(at).toMatch(/^20(25|26)-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Spread over the whole period, not bunched at one end.
    expect(created.filter((at) => at < '2026-01-01').length).toBeGreaterThan(ORDER_COUNT / 3);
  });

  it('belong to the customers only, unevenly, at least 50 each', () => {
    const counts = CUSTOMER_IDS.map((id) => orders.filter((o) => o.userId === id).length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ORDER_COUNT);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(MIN_ORDERS_PER_CUSTOMER);
    expect(Math.max(...counts)).toBeGreaterThan(2 * Math.min(...counts));
    expect(orders.some((o) => o.userId === ADMIN_USER_ID)).toBe(false);
  });

  it('use every status, with a sent date for shipped and delivered orders only', () => {
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    for (const order of orders) {
      const sent = order.status === 'shipped' || order.status === 'delivered';
      if (!sent) expect(order.sentOn).toBeNull();
      else {
        expect(order.sentOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(order.sentOn! >= order.createdAt.slice(0, 10)).toBe(true);
        expect(order.sentOn! <= LAST_ORDER_DAY).toBe(true);
      }
    }
  });

  it('have totals in EUR, in cents, above zero', () => {
    for (const { total } of orders) {
      expect(total.currency).toBe('EUR');
      expect(total.value).toBeGreaterThan(0);
      expect(Math.round(total.value * 100) / 100).toBe(total.value);
    }
  });

  it("number each customer's orders 1..n by creation (createdAt, then id)", () => {
    const positioned = positionedOrders(orders);
    for (const id of CUSTOMER_IDS) {
      const mine = positioned.filter((p) => p.order.userId === id).sort((a, b) => a.position - b.position);
      expect(mine.map((p) => p.position)).toEqual(mine.map((_, i) => i + 1));
      expect(mine.map((p) => p.order)).toEqual([...customerOrdersNewestFirst(orders, id)].reverse());
    }
  });

  it('break a tie in createdAt by id', () => {
    const at = '2025-03-01 10:00:00';
    const tied = [
      { ...orders[0]!, id: 7, userId: 2, createdAt: at },
      { ...orders[0]!, id: 5, userId: 2, createdAt: at },
      { ...orders[0]!, id: 9, userId: 2, createdAt: '2025-02-01 10:00:00' },
    ];
    expect(positionedOrders(tied).map((p) => [p.order.id, p.position])).toEqual([
      [7, 3],
      [5, 2],
      [9, 1],
    ]);
    expect(customerOrdersNewestFirst(tied, 2).map((o) => o.id)).toEqual([7, 5, 9]);
  });

  it("are stored at their order key, in their customer's list and in their month", () => {
    const [item] = orderItems(orders.slice(0, 1));
    expect(item).toEqual({
      pk: 'ORDER#1',
      sk: 'ORDER',
      list: `USER#${orders[0]!.userId}#ORDERS`,
      position: 1,
      createdMonth: orders[0]!.createdAt.slice(0, 7),
      ...orders[0],
    });
  });
});

describe('the sandbox seed', () => {
  it('holds the catalogue as a file, the users as items and the orders as order.placed events, oldest first', () => {
    const seed = sandboxSeed();
    expect(seed.catalogueText.split('\n')[0]).toContain('"kind":"exchange_rates"');
    expect(seed.items.filter((i) => String(i.pk).startsWith('USER#') && i.sk === 'USER')).toHaveLength(20);
    expect(seed.items.filter((i) => String(i.pk).startsWith('ORDER#'))).toEqual([]);
    expect(seed.orderEvents).toHaveLength(ORDER_COUNT);
    expect(new Set(seed.orderEvents.map((e) => e.type))).toEqual(new Set(['order.placed']));
    const created = seed.orderEvents.map((e) => (e.type === 'order.placed' ? e.detail.createdAt : ''));
    expect(created).toEqual([...created].sort());
    expect(seed.summary).toContain('20 users');
    expect(seed.summary).toContain('1200 orders');
  });
});
