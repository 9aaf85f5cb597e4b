import { httpRoute } from '#commons/http/http-route';
import { IMAGES_FIELDS, imagesView } from '../domain/product';
import { productPath } from '../http-schemas/paths';
import { productReply } from '../replies/product-reply';

/** GET /products/{product_id}/images */
export const handler = httpRoute(
  { path: productPath, fields: IMAGES_FIELDS, cache: 'public' },
  async ({ path }) => productReply(path.product_id, imagesView),
);
