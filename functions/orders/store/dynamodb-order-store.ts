import {
  getItem,
  type Item,
  lastOfList,
  queryAll,
  readPositions,
  withoutKeys,
} from '#commons/store/table-items';
import { customerOrdersList, monthsBetween, orderKey } from '#functions/contracts/keys/order-keys';
import { tableSchema } from '#functions/contracts/table-schema';
import { newestFirstRange, type OrderRecord } from '../domain/order';
import type { OrderStore } from './order-store';

const toOrder = (item: Item) => {
  const { createdMonth: _month, ...order } = withoutKeys(item);
  return order as unknown as OrderRecord;
};

const { byListCreation, byMonth } = tableSchema.indexes;

/** One partition of an index, sorted by `createdAt`, between two creation times. */
const createdBetween = (
  index: { name: string; partitionKey: string; sortKey: string },
  partition: string,
  from: string,
  to: string,
  max: number,
) =>
  queryAll(
    {
      IndexName: index.name,
      KeyConditionExpression: '#p = :p AND #created BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#p': index.partitionKey, '#created': index.sortKey },
      ExpressionAttributeValues: { ':p': partition, ':from': from, ':to': to },
    },
    max,
  );

export const dynamoDbOrderStore: OrderStore = {
  async getOrder(id) {
    const item = await getItem(orderKey(id));
    return item ? toOrder(item) : undefined;
  },
  async listCustomerOrders(userId, page, limit) {
    const list = customerOrdersList(userId);
    const last = await lastOfList(list);
    const range = last && newestFirstRange(Number(last.position), page, limit);
    if (!range) return [];
    return (await readPositions(list, range.from, range.to)).map(toOrder).reverse();
  },
  async ordersCreatedBetween(owners, from, to, max) {
    if (owners !== 'all') {
      const { items, truncated } = await createdBetween(
        byListCreation,
        customerOrdersList(owners.userId),
        from,
        to,
        max,
      );
      return { orders: items.map(toOrder), truncated };
    }
    // Every customer's: month by month, stopping as soon as the cap is passed.
    const orders: OrderRecord[] = [];
    for (const month of monthsBetween(from, to)) {
      const { items, truncated } = await createdBetween(byMonth, month, from, to, max - orders.length);
      orders.push(...items.map(toOrder));
      if (truncated) return { orders, truncated: true };
    }
    return { orders, truncated: false };
  },
};
