import { mayActFor } from '#commons/caller';
import { notFound } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { orderView } from '../domain/order';
import { orderPath } from '../orders-http-schemas';
import { dynamoDbOrderStore } from '../store/dynamodb-order-store';

/**
 * GET and HEAD /orders/{order_id}: 200 when the order exists and is the caller's (or the caller
 * is an administrator), otherwise the same 404 (docs/decisions/tokens-and-rights.md D3). HEAD has no body; both may be cached
 * privately (docs/decisions/http-requests.md D10).
 */
export const handler = httpRoute(
  { auth: true, path: orderPath, cache: 'private' },
  async ({ caller, path }) => {
    const order = await dynamoDbOrderStore.getOrder(path.order_id);
    if (!order || !mayActFor(caller, order.userId)) throw notFound();
    return { body: orderView(order) };
  },
);
