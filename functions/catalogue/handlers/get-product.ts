import { httpRoute } from '#commons/http/http-route';
import { PRODUCT_FIELDS, productView } from '../domain/product';
import { productPath } from '../http-schemas/paths';
import { productReply } from '../replies/product-reply';
import { activeLanguages } from '../store/active-version';

/** GET /products/{product_id}: the single-product view, translated, with optional `fields`. */
export const handler = httpRoute(
  { path: productPath, fields: PRODUCT_FIELDS, translated: activeLanguages, cache: 'public' },
  async ({ path, translation }) => productReply(path.product_id, (p) => productView(p, translation)),
);
