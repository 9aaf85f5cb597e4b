import * as z from 'zod/mini';
import { moneyResponse, spaceDateTime } from '#commons/http/response-schemas';
import { ORDER_STATUSES } from './domain/order';

/** Response schemas of the order routes (the spec leaves an order's body open; these are ours). */

export const orderResponse = z.object({
  id: z.number().check(z.int()),
  user_id: z.number().check(z.int()),
  created_at: spaceDateTime,
  status: z.enum(ORDER_STATUSES),
  total: moneyResponse,
  sent_on: z.nullable(z.string()),
});

export const myOrdersResponse = z.array(
  z.object({
    id: z.number().check(z.int()),
    created_at: spaceDateTime,
    status: z.enum(ORDER_STATUSES),
    total: moneyResponse,
  }),
);
