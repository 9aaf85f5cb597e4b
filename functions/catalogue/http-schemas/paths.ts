import { numericPathId } from '#commons/http/ids';
import { strictObject } from '#commons/http/strict-object';
import { upperCode } from './codes';

/** Path schemas of the catalogue routes: ids as the routes take them (a failure is a 404). */

const pathId = numericPathId(10);
export const productPath = strictObject({ product_id: pathId });
export const bookPath = strictObject({ book_id: pathId });
export const computerPath = strictObject({ computer_id: pathId });
export const countryPath = strictObject({ country_id: upperCode(2) });
