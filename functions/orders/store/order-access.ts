import type { TableAccess } from '#commons/table-access';
import type { OrderStore } from './order-store';

/**
 * What each operation of the order store (dynamodb-order-store.ts) does to the table
 * (docs/decisions/functions-and-bundles.md D53): an order by its key; a customer's list (`USER#<id>#ORDERS`) on the
 * byPosition or byListCreation index; every customer's orders of a month (`YYYY-MM`) on byMonth.
 */
export const orderStoreAccess = {
  getOrder: [{ actions: ['dynamodb:GetItem'], leadingKeys: ['ORDER#*'] }],
  listCustomerOrders: [{ index: 'byPosition', actions: ['dynamodb:Query'], leadingKeys: ['USER#*#ORDERS'] }],
  ordersCreatedBetween: [
    { index: 'byListCreation', actions: ['dynamodb:Query'], leadingKeys: ['USER#*#ORDERS'] },
    { index: 'byMonth', actions: ['dynamodb:Query'], leadingKeys: ['????-??'] },
  ],
} as const satisfies Record<keyof OrderStore, TableAccess>;
