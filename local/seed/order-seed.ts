import { customerOrdersList, orderKey, orderMonth } from '#functions/contracts/keys/order-keys';
import type { Money, OrderRecord, OrderStatus } from '#functions/contracts/seed-records';
import { createPrng, type Prng } from './prng';
import { CUSTOMER_IDS } from './user-seed';

/**
 * The sandbox's orders, the same on every run. Rules (also in docs/sandbox.md): 1,200 orders, ids
 * 1..1200 in the order they were created (UTC, between 2025-01-01 and 2026-11-15, the seed's
 * "today"); owned by the customers 2..20, at least 50 each and unevenly; the administrator
 * (user 1) owns none. The status follows the order's age: recent orders are still pending,
 * paid or shipped, older ones mostly delivered, some cancelled. `sentOn` is set for shipped
 * and delivered orders only. Totals are in EUR.
 */
/**
 * 1,200 (3,000 until issue 35): enough for every customer's list to span pages and a report to
 * span months, few enough that a first start, which sends them all through the bus and the
 * consumer, is Ready in seconds (docs/decisions/sandbox-and-tools.md D99).
 */
export const ORDER_COUNT = 1200;
export const MIN_ORDERS_PER_CUSTOMER = 50;
export const FIRST_ORDER_DAY = '2025-01-01';
/** The seed's "today": the last day orders were created, and the latest day one was sent. */
export const LAST_ORDER_DAY = '2026-11-15';

const DAY_MS = 86_400_000;
const firstDayMs = Date.parse(`${FIRST_ORDER_DAY}T00:00:00Z`);
const lastDayMs = Date.parse(`${LAST_ORDER_DAY}T00:00:00Z`);
const dayCount = (lastDayMs - firstDayMs) / DAY_MS + 1;

/** `YYYY-MM-DD HH:MM:SS`, the spec's format. */
const dateTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Each customer gets the minimum plus a share of the rest; shares are squared random weights,
 * so a few customers order a lot and most a little.
 */
const orderCounts = (rng: Prng): Map<number, number> => {
  const weights = CUSTOMER_IDS.map(() => rng.next() ** 2 + 0.02);
  const total = weights.reduce((a, b) => a + b, 0);
  const extra = ORDER_COUNT - MIN_ORDERS_PER_CUSTOMER * CUSTOMER_IDS.length;
  const shares = weights.map((w) => (w / total) * extra);
  const counts = shares.map((s) => MIN_ORDERS_PER_CUSTOMER + Math.floor(s));
  // Largest remainders take the orders rounding left over.
  let left = ORDER_COUNT - counts.reduce((a, b) => a + b, 0);
  const byRemainder = shares.map((s, i) => [s - Math.floor(s), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break;
    counts[i]! += 1;
  }
  return new Map(CUSTOMER_IDS.map((id, i) => [id, counts[i]!]));
};

/** Hours of the day people shop at, busier in the evening. */
const HOURS = [7, 8, 9, 10, 11, 12, 12, 13, 13, 14, 15, 16, 17, 18, 19, 19, 20, 20, 21, 21, 22, 23, 0, 1];

const createdAtMs = (rng: Prng) =>
  firstDayMs + rng.int(0, dayCount - 1) * DAY_MS + (rng.pick(HOURS) * 3600 + rng.int(0, 3599)) * 1000;

type Weights = readonly (readonly [OrderStatus, number])[];
const RECENT: Weights = [
  ['pending', 30],
  ['paid', 30],
  ['shipped', 30],
  ['cancelled', 10],
];
const THIS_MONTH: Weights = [
  ['pending', 4],
  ['paid', 8],
  ['shipped', 25],
  ['delivered', 53],
  ['cancelled', 10],
];
/** Older orders: a few were never paid or are stuck, most arrived. */
const OLDER: Weights = [
  ['pending', 3],
  ['paid', 2],
  ['shipped', 4],
  ['delivered', 79],
  ['cancelled', 12],
];

const weighted = (rng: Prng, weights: Weights): OrderStatus => {
  let roll = rng.int(
    1,
    weights.reduce((sum, [, w]) => sum + w, 0),
  );
  for (const [status, weight] of weights) {
    roll -= weight;
    if (roll <= 0) return status;
  }
  throw new Error('unreachable');
};

const statusFor = (rng: Prng, ageDays: number) =>
  weighted(rng, ageDays <= 7 ? RECENT : ageDays <= 30 ? THIS_MONTH : OLDER);

/** A shop price (whole euros minus a cent), books mostly, now and then a computer. */
const lineTotal = (rng: Prng) =>
  rng.int(1, 5) === 1 ? rng.int(40, 250) * 10 - 0.01 : (rng.int(8, 40) - 0.01) * rng.int(1, 3);

const SHIPPING = 4.99;
const FREE_SHIPPING_FROM = 35;

const orderTotal = (rng: Prng): Money => {
  let value = 0;
  for (let line = rng.int(1, 4); line > 0; line--) value += lineTotal(rng);
  if (value < FREE_SHIPPING_FROM) value += SHIPPING;
  return { value: Math.round(value * 100) / 100, currency: 'EUR' };
};

export const seedOrders = (): OrderRecord[] => {
  const rng = createPrng(0x0bde5000);
  const owners = rng.shuffle([...orderCounts(rng)].flatMap(([userId, count]) => Array(count).fill(userId)));
  const created = owners.map(() => createdAtMs(rng)).sort((a, b) => a - b);
  return created.map((createdMs, i) => {
    const status = statusFor(rng, Math.floor((lastDayMs - createdMs) / DAY_MS));
    const total = orderTotal(rng);
    const sent = status === 'shipped' || status === 'delivered';
    const sentMs = Math.min(lastDayMs, createdMs + rng.int(0, 3) * DAY_MS);
    return {
      id: i + 1,
      userId: owners[i]!,
      createdAt: dateTime(createdMs),
      status,
      total,
      sentOn: sent ? dateOnly(sentMs) : null,
    };
  });
};

/** A customer's orders by creation (`createdAt`, then id): the order of their list's positions. */
const byCreation = (a: OrderRecord, b: OrderRecord) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id;

/** Each order with its 1-based position among its customer's orders (1 = oldest). */
export const positionedOrders = (orders: readonly OrderRecord[]) => {
  const byOwner = new Map<number, OrderRecord[]>();
  for (const order of orders) {
    const list = byOwner.get(order.userId);
    if (list) list.push(order);
    else byOwner.set(order.userId, [order]);
  }
  const position = new Map<number, number>();
  for (const list of byOwner.values()) {
    list.sort(byCreation).forEach((o, i) => {
      position.set(o.id, i + 1);
    });
  }
  return orders.map((order) => ({ order, position: position.get(order.id)! }));
};

/** What `GET /@me/orders` pages through: a customer's orders, newest first. */
export const customerOrdersNewestFirst = (orders: readonly OrderRecord[], userId: number): OrderRecord[] =>
  orders.filter((o) => o.userId === userId).sort((a, b) => byCreation(b, a));

/**
 * The table items of the orders: each in its customer's list (indexes byPosition and
 * byListCreation) and in its month (index byMonth).
 */
export const orderItems = (orders: readonly OrderRecord[]): Record<string, unknown>[] =>
  positionedOrders(orders).map(({ order, position }) => ({
    ...orderKey(order.id),
    list: customerOrdersList(order.userId),
    position,
    createdMonth: orderMonth(order.createdAt),
    ...order,
  }));
