import * as z from 'zod/mini';
import { listPagingShape } from '#commons/http/paging';

export const orderPath = z.strictObject({
  order_id: z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,14}$/)), z.transform(Number)),
});

export const myOrdersQuery = z.strictObject(listPagingShape);
