import { httpRoute } from '#commons/http/http-route';
import { RATINGS_FIELDS, ratingsView } from '../domain/product';
import { productPath } from '../http-schemas/paths';
import { productReply } from '../replies/product-reply';

/** GET /products/{product_id}/ratings */
export const handler = httpRoute(
  { path: productPath, fields: RATINGS_FIELDS, cache: 'public' },
  async ({ path }) => productReply(path.product_id, ratingsView),
);
