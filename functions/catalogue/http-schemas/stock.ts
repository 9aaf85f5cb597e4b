import { strictObject } from '#commons/http/strict-object';
import { slugId } from './codes';

/** Query of `GET /products/{product_id}/stocks`. */
export const stockQuery = strictObject({ location_id: slugId });
