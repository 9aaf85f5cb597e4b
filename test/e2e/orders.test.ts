/**
 * Orders over HTTP (spec "Orders", docs/decisions/tokens-and-rights.md D3, D11; docs/decisions/http-requests.md D7, D10): an order is read by its owner or an
 * administrator and is otherwise exactly an unknown order; HEAD has GET's status and never a
 * body; order reads are `private`; `/@me/orders` pages the caller's orders newest first, as the
 * seed has them.
 */
import { api } from './support/api';
import { CUSTOMER_IDS, FIRST_ORDER_DAY, LAST_ORDER_DAY, ORDER_COUNT } from './support/seed';
import {
  ADMIN,
  expectedOrder,
  expectedOrderSummary,
  expectedOrdersPage,
  NOT_FOUND,
  orders,
  ordersOf,
  UNKNOWN_ORDER_ID,
} from './support/seed-identities';
import { bearer, tokenFor } from './support/tokens';

const admin = () => tokenFor(ADMIN, { admin: true });
const get = (path: string, token?: string) => api(path, { headers: bearer(token) });
const head = (path: string, token?: string) => api(path, { method: 'HEAD', headers: bearer(token) });

/** Customer 9 has the most orders in the seed, customer 8 the fewest. */
const BUSY = 9;
const QUIET = 8;

describe('the seeded orders', () => {
  it('are what the tests expect: 3,000, owned by the customers only, at least 50 each', () => {
    expect(orders).toHaveLength(ORDER_COUNT);
    for (const id of CUSTOMER_IDS) expect(ordersOf(id).length).toBeGreaterThanOrEqual(50);
    expect(ordersOf(ADMIN)).toEqual([]);
    expect(ordersOf(BUSY).length).toBe(Math.max(...CUSTOMER_IDS.map((id) => ordersOf(id).length)));
    expect(ordersOf(QUIET).length).toBe(Math.min(...CUSTOMER_IDS.map((id) => ordersOf(id).length)));
  });
});

describe('GET /orders/{order_id}', () => {
  const mine = ordersOf(4);
  const picks = [
    mine[0]!,
    mine.at(-1)!,
    mine.find((o) => o.status === 'cancelled')!,
    mine.find((o) => o.status === 'delivered')!,
    mine.find((o) => o.status === 'pending')!,
  ];

  it.each(picks.map((o) => [o.id, o.status, o] as const))(
    'answers the owner their order %i (%s) as seeded, Cache-Control: private',
    async (_, __, order) => {
      const response = await get(`/orders/${order.id}`, tokenFor(4));
      expect(response.status).toBe(200);
      expect(response.body).toEqual(expectedOrder(order));
      expect(response.headers.get('cache-control')).toBe('private');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    },
  );

  it('answers the administrator any order, first to last', async () => {
    const token = admin();
    for (const id of [1, 2, Math.floor(ORDER_COUNT / 2), ORDER_COUNT - 1, ORDER_COUNT]) {
      const response = await get(`/orders/${id}`, token);
      expect({ id, status: response.status, body: response.body }).toEqual({
        id,
        status: 200,
        body: expectedOrder(orders[id - 1]!),
      });
    }
  });

  it("answers another customer's order exactly as an unknown one: 404", async () => {
    const token = tokenFor(4);
    const unknown = await get(`/orders/${UNKNOWN_ORDER_ID}`, token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);
    for (const order of [ordersOf(5)[0]!, ordersOf(BUSY).at(-1)!]) {
      const response = await get(`/orders/${order.id}`, token);
      expect({ id: order.id, status: response.status, body: response.body }).toEqual({
        id: order.id,
        status: unknown.status,
        body: unknown.body,
      });
      expect(response.headers.get('cache-control')).toBe(unknown.headers.get('cache-control'));
    }
  });

  it.each([String(UNKNOWN_ORDER_ID), '999999999999999', '0', '-1', '1.0', '1e3', 'abc', '%40me'])(
    'answers the administrator 404 for the order id %s',
    async (id) => {
      const response = await get(`/orders/${id}`, admin());
      expect(response.status).toBe(404);
      expect(response.body).toEqual(NOT_FOUND);
    },
  );

  it('answers PATCH with 405 and Allow: GET, HEAD', async () => {
    const response = await api(`/orders/${mine[0]!.id}`, { method: 'PATCH', headers: bearer(tokenFor(4)) });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('HEAD /orders/{order_id}', () => {
  const own = ordersOf(6)[3]!;
  const theirs = ordersOf(7)[3]!;
  const cases: [string, string, () => string | undefined][] = [
    ['the owner, their order', `/orders/${own.id}`, () => tokenFor(6)],
    ['the administrator, any order', `/orders/${theirs.id}`, admin],
    ["a customer, another's order", `/orders/${theirs.id}`, () => tokenFor(6)],
    ['a customer, an unknown order', `/orders/${UNKNOWN_ORDER_ID}`, () => tokenFor(6)],
    ['the administrator, an unknown order', `/orders/${UNKNOWN_ORDER_ID}`, admin],
    ['anyone, a malformed id', '/orders/abc', admin],
    ['no token', `/orders/${own.id}`, () => undefined],
  ];

  it.each(cases)('as %s: the status and Content-Length GET has, with no body', async (_, path, token) => {
    const got = await get(path, token());
    const headed = await head(path, token());
    expect(headed.status).toBe(got.status);
    expect(headed.body).toBeNull();
    expect(headed.headers.get('cache-control')).toBe(got.headers.get('cache-control'));
    // RFC 9110 §8.6 (docs/decisions/api-contract.md D87): the length GET's body has, never 0.
    expect(Number(got.headers.get('content-length'))).toBeGreaterThan(0);
    expect(headed.headers.get('content-length')).toBe(got.headers.get('content-length'));
  });

  it('answers 200 for an existing order, 404 for another customer’s or an unknown one', async () => {
    expect((await head(`/orders/${own.id}`, tokenFor(6))).status).toBe(200);
    expect((await head(`/orders/${theirs.id}`, tokenFor(6))).status).toBe(404);
    expect((await head(`/orders/${UNKNOWN_ORDER_ID}`, tokenFor(6))).status).toBe(404);
    expect((await head(`/orders/${own.id}`, tokenFor(6))).headers.get('cache-control')).toBe('private');
  });
});

describe('GET /@me/orders', () => {
  it('answers page 1 (20 orders, newest first) as seeded, Cache-Control: no-store', async () => {
    const response = await get('/@me/orders', tokenFor(BUSY));
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expectedOrdersPage(BUSY));
    expect(response.body as unknown[]).toHaveLength(20);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers each element as {id, created_at, status, total} and nothing else', async () => {
    const response = await get('/@me/orders?limit=5', tokenFor(QUIET));
    for (const element of response.body as Record<string, unknown>[]) {
      expect(Object.keys(element).sort()).toEqual(['created_at', 'id', 'status', 'total']);
      expect(element.total).toEqual({ value: expect.any(Number), currency: 'EUR' });
      expect(element.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
  });

  it.each([
    [BUSY, 2, 20],
    [BUSY, 5, 7],
    [BUSY, 1, 100],
    [QUIET, 3, 30],
    [QUIET, 1, 1],
  ])('for customer %i answers page %i of %i as the seed has it', async (id, page, limit) => {
    const response = await get(`/@me/orders?page=${page}&limit=${limit}`, tokenFor(id));
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expectedOrdersPage(id, page, limit));
  });

  it("pages through every customer's orders exactly: newest first, each once, then an empty page", async () => {
    for (const id of CUSTOMER_IDS) {
      const token = tokenFor(id);
      const all: unknown[] = [];
      for (let page = 1; ; page++) {
        const response = await get(`/@me/orders?page=${page}&limit=100`, token);
        expect(response.status).toBe(200);
        const body = response.body as unknown[];
        if (body.length === 0) break;
        all.push(...body);
        expect(page).toBeLessThan(100);
      }
      expect({ id, orders: all }).toEqual({ id, orders: ordersOf(id).map(expectedOrderSummary) });
    }
  });

  it('lists newest first: created_at never increases, within the seeded dates', async () => {
    const response = await get('/@me/orders?limit=100', tokenFor(BUSY));
    const created = (response.body as { created_at: string }[]).map((o) => o.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(created.at(-1)! >= FIRST_ORDER_DAY).toBe(true);
    expect(created[0]! <= `${LAST_ORDER_DAY} 23:59:59`).toBe(true);
  });

  it('answers a page past the end with an empty array', async () => {
    const pages = Math.ceil(ordersOf(QUIET).length / 20);
    const response = await get(`/@me/orders?page=${pages + 1}`, tokenFor(QUIET));
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('answers the administrator, who owns no orders, an empty list', async () => {
    const response = await get('/@me/orders', admin());
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it.each([
    'page=0',
    'limit=0',
    'limit=101',
    'page=abc',
    'limit=1.5',
    'page=-1',
    'page=1&page=2',
    'user_id=3',
    'sort=asc',
  ])('answers ?%s with 400 invalid_request', async (query) => {
    const response = await get(`/@me/orders?${query}`, tokenFor(QUIET));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'invalid_request', message: expect.any(String) });
  });
});
