import type { OrderRecord } from '../domain/order';

/** The orders port. */
export interface OrderStore {
  getOrder(id: number): Promise<OrderRecord | undefined>;
  /** Page `page` of a customer's orders, newest first; it reads no earlier page. */
  listCustomerOrders(userId: number, page: number, limit: number): Promise<OrderRecord[]>;
}
