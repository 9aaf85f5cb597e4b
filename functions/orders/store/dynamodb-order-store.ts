import { getItem, type Item, lastOfList, readPositions, withoutKeys } from '#commons/store/table-items';
import { newestFirstRange, type OrderRecord } from '../domain/order';
import { customerOrdersList, orderKey } from './order-keys';
import type { OrderStore } from './order-store';

const toOrder = (item: Item) => withoutKeys(item) as unknown as OrderRecord;

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
};
