import * as v from 'valibot';
import { documented } from '#commons/http/documented';
import { freeText } from '#commons/http/free-text';
import { listPagingShape } from '#commons/http/paging';
import { strictObject } from '#commons/http/strict-object';
import { PRODUCT_TYPES } from '../domain/product';
import { slugId, upperCode } from './codes';

/**
 * Query schemas of the listing routes (`GET /products`, `GET /countries/{id}/products`), and the
 * values the search criteria object shares with them (search-criteria.ts). A module of their own,
 * so that a single-product route does not build them at cold start.
 */

// Described where a client sends them: as query parameters here, as criteria in search-criteria.ts.
export const businessUnitId = documented(slugId, 'A business unit id of `GET /business-units`.', 'education');
// Brands are free text, so `a|b` is one brand (the comma is the only delimiter); nothing
// invisible or controlling (docs/decisions/http-requests.md D62), and no lone surrogate, which no UTF-8 key can carry.
const brandName = freeText(100);
export const productTypes = documented(
  v.pipe(v.array(v.picklist(PRODUCT_TYPES)), v.maxLength(10)),
  'Product types (any of them).',
  ['computer'],
);
export const brands = documented(v.pipe(v.array(brandName), v.maxLength(20)), 'Brands (any of them).', [
  'Voltix',
  'Nimbus',
]);
export const bodyInt = (max: number) =>
  v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max), v.metadata({ format: 'int32' }));

/** Query of `GET /products` and `GET /countries/{country_id}/products`. */
export const listingQueryShape = {
  'business-unit': v.optional(businessUnitId),
  currency: v.optional(upperCode(3)),
  ...listPagingShape,
  productType: v.optional(productTypes),
  brand: v.optional(brands),
};
export const countryListingQuery = strictObject(listingQueryShape);
export const productsQuery = strictObject({
  ...listingQueryShape,
  country: v.optional(upperCode(2)),
  searchCriteria: v.optional(v.pipe(v.string(), v.maxLength(4096))),
});
