import type { UserRecord } from '../../identity/domain/user';
import type { OrderRecord, OrderStatus } from '../../orders/domain/order';

/** What the consumer needs from storage: each method is one all-or-nothing change (docs/decisions/order-and-user-events.md D47). */
export interface EventStore {
  /**
   * Writes a new order at the next position of its customer's list, atomically with the list's
   * counter: `duplicate` when the order exists already (nothing written), `unknown-user` when its
   * customer does not exist (nothing written).
   */
  placeOrder(order: OrderRecord, version: number): Promise<'placed' | 'duplicate' | 'unknown-user'>;
  /** Sets an order's status and sending day if `version` is above the stored one. */
  changeOrderStatus(
    change: { readonly id: number; readonly status: OrderStatus; readonly sentOn: string | null },
    version: number,
  ): Promise<'changed' | 'stale' | 'unknown-order'>;
  /** Writes a user's whole record if the user is new or `version` is above the stored one. */
  putUser(user: UserRecord, version: number): Promise<'written' | 'stale'>;
}
