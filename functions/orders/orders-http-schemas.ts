import { numericPathId } from '#commons/http/ids';
import { listPagingShape } from '#commons/http/paging';
import { strictObject } from '#commons/http/strict-object';

export const orderPath = strictObject({ order_id: numericPathId(15) });

export const myOrdersQuery = strictObject(listPagingShape);
