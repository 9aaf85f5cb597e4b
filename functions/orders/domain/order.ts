import { inMinorUnits, type Money } from '#commons/money';

export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order as stored. Dates use the spec's `YYYY-MM-DD HH:MM:SS` (UTC); `sentOn` is `YYYY-MM-DD`. */
export interface OrderRecord {
  readonly id: number;
  readonly userId: number;
  readonly createdAt: string;
  readonly status: OrderStatus;
  readonly total: Money;
  readonly sentOn: string | null;
}

/**
 * The order as `GET /orders/{order_id}` shows it (the spec leaves its body open). The total as its
 * currency holds it, as the report prints it (docs/decisions/money.md D103).
 */
export const orderView = (o: OrderRecord) => ({
  id: o.id,
  user_id: o.userId,
  created_at: o.createdAt,
  status: o.status,
  total: inMinorUnits(o.total),
  sent_on: o.sentOn,
});

/** An element of `GET /@me/orders` (docs/decisions/tokens-and-rights.md D11). */
export const orderSummaryView = (o: OrderRecord) => ({
  id: o.id,
  created_at: o.createdAt,
  status: o.status,
  total: inMinorUnits(o.total),
});

/**
 * Positions of page `page` in a list of `length` items numbered 1 (oldest) .. length, newest
 * first: page 1 holds the last `limit` positions. Undefined past the end.
 */
export const newestFirstRange = (length: number, page: number, limit: number) => {
  const to = length - (page - 1) * limit;
  if (to < 1) return undefined;
  return { from: Math.max(1, to - limit + 1), to };
};
