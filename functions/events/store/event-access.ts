import type { TableAccess } from '#commons/table-access';
import type { EventStore } from './event-store';

/** A customer's order list and its counter (`USER#<id>#ORDERS`). */
const ORDER_LISTS = ['USER#*#ORDERS'];

/**
 * What each operation of the event store (dynamodb-event-store.ts) does to the table
 * (docs/decisions/functions-and-bundles.md D53). Placing an order reads the list's counter, or, for a list written before
 * it had one, its last position on the byPosition index; then one transaction, authorized item
 * by item: a condition check on the customer, a put of the order and of the counter.
 */
export const eventStoreAccess = {
  placeOrder: [
    { actions: ['dynamodb:GetItem', 'dynamodb:PutItem'], leadingKeys: ORDER_LISTS },
    { index: 'byPosition', actions: ['dynamodb:Query'], leadingKeys: ORDER_LISTS },
    { actions: ['dynamodb:ConditionCheckItem'], leadingKeys: ['USER#*'] },
    { actions: ['dynamodb:PutItem'], leadingKeys: ['ORDER#*'] },
  ],
  // A refused change reads the order, to tell a stale event from an unknown order.
  changeOrderStatus: [{ actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], leadingKeys: ['ORDER#*'] }],
  putUser: [{ actions: ['dynamodb:PutItem'], leadingKeys: ['USER#*'] }],
} as const satisfies Record<keyof EventStore, TableAccess>;
