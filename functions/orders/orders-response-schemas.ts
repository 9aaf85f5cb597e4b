import * as v from 'valibot';
import { integerResponse, moneyResponse, spaceDateTime } from '#commons/http/error-response-schemas';
import { ORDER_STATUSES } from './domain/order';

/** Response schemas of the order routes (the spec leaves an order's body open; these are ours). */

export const orderResponse = v.object({
  id: integerResponse,
  user_id: integerResponse,
  created_at: spaceDateTime,
  status: v.picklist(ORDER_STATUSES),
  total: moneyResponse,
  sent_on: v.nullable(v.string()),
});

export const myOrdersResponse = v.array(
  v.object({
    id: integerResponse,
    created_at: spaceDateTime,
    status: v.picklist(ORDER_STATUSES),
    total: moneyResponse,
  }),
);
