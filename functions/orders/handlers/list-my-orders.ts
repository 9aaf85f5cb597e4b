import { httpRoute } from '#commons/http/http-route';
import { DEFAULT_LIMIT } from '#commons/http/paging';
import { orderSummaryView } from '../domain/order';
import { myOrdersQuery } from '../orders-http-schemas';
import { dynamoDbOrderStore } from '../store/dynamodb-order-store';

/** GET /@me/orders: the caller's orders, newest first, paged (docs/decisions/http-requests.md D7), never cached (docs/decisions/http-requests.md D10). */
export const handler = httpRoute(
  { auth: true, routePath: '/@me/orders', query: myOrdersQuery, cache: 'no-store' },
  async ({ caller, query }) => {
    const orders = await dynamoDbOrderStore.listCustomerOrders(
      caller.userId,
      query.page ?? 1,
      query.limit ?? DEFAULT_LIMIT,
    );
    return { body: orders.map(orderSummaryView) };
  },
);
