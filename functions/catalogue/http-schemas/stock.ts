import * as z from 'zod/mini';

/** Query of `GET /products/{product_id}/stocks`. */
export const stockQuery = z.strictObject({
  location_id: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/)),
});
