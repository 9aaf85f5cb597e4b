import { httpRoute } from '#commons/http/http-route';
import { TECHNICAL_INFO_FIELDS, technicalInfoView } from '../domain/product';
import { productPath } from '../http-schemas/paths';
import { productReply } from '../replies/product-reply';

/** GET /products/{product_id}/technical_info */
export const handler = httpRoute(
  { path: productPath, fields: TECHNICAL_INFO_FIELDS, cache: 'public' },
  async ({ path }) => productReply(path.product_id, technicalInfoView),
);
