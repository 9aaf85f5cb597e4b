import type { OrderRecord } from '../domain/order';

/** Whose orders a report covers: one customer's, or every customer's (an administrator's report). */
export type OrderOwners = { readonly userId: number } | 'all';

export interface OrdersInRange {
  readonly orders: OrderRecord[];
  /** There were more than `max` orders; `orders` holds only the first `max`. */
  readonly truncated: boolean;
}

/** The orders port. */
export interface OrderStore {
  getOrder(id: number): Promise<OrderRecord | undefined>;
  /** Page `page` of a customer's orders, newest first; it reads no earlier page. */
  listCustomerOrders(userId: number, page: number, limit: number): Promise<OrderRecord[]>;
  /** Orders created between `from` and `to` (`YYYY-MM-DD HH:MM:SS`, both included), at most `max`. */
  ordersCreatedBetween(owners: OrderOwners, from: string, to: string, max: number): Promise<OrdersInRange>;
}
