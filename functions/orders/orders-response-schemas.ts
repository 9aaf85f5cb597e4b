import * as v from 'valibot';
import { integerResponse, moneyResponse, spaceDateTime } from '#commons/http/error-response-schemas';
import { MAX_LIMIT } from '#commons/http/paging';
import { ORDER_STATUSES } from './domain/order';

/** Response schemas of the order routes (the spec leaves an order's body open; these are ours). */

export const orderResponse = v.object({
  id: integerResponse,
  user_id: integerResponse,
  created_at: spaceDateTime,
  status: v.picklist(ORDER_STATUSES),
  total: moneyResponse,
  sent_on: v.nullable(v.pipe(v.string(), v.length(10), v.metadata({ format: 'date' }))),
});

/** A page: at most `limit` orders, and `limit` is at most MAX_LIMIT. */
export const myOrdersResponse = v.pipe(
  v.array(
    v.object({
      id: integerResponse,
      created_at: spaceDateTime,
      status: v.picklist(ORDER_STATUSES),
      total: moneyResponse,
    }),
  ),
  v.maxLength(MAX_LIMIT),
);
