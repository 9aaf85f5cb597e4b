import * as z from 'zod/mini';
import { freeText } from '#commons/http/free-text';
import { listPagingShape } from '#commons/http/paging';
import { PRODUCT_TYPES } from '../domain/product';

/**
 * Query schemas of the listing routes (`GET /products`, `GET /countries/{id}/products`), and the
 * values the search criteria object shares with them (search-criteria.ts). A module of their own,
 * so that a single-product route does not build them at cold start.
 */

const upperCode = (length: number) =>
  z.pipe(
    z.string().check(z.regex(new RegExp(`^[A-Za-z]{${length}}$`))),
    z.transform((s) => s.toUpperCase()),
  );
const countryCode = upperCode(2);
const currencyCode = upperCode(3);
export const businessUnitId = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/));
// Brands are free text, so `a|b` is one brand (the comma is the only delimiter); nothing
// invisible or controlling (docs/design.md D62), and no lone surrogate, which no UTF-8 key can carry.
const brandName = freeText(100);
export const productTypes = z.array(z.enum(PRODUCT_TYPES)).check(z.maxLength(10));
export const brands = z.array(brandName).check(z.maxLength(20));
export const bodyInt = (max: number) => z.number().check(z.int(), z.minimum(1), z.maximum(max));

/** Query of `GET /products` and `GET /countries/{country_id}/products`. */
export const listingQueryShape = {
  'business-unit': z.optional(businessUnitId),
  currency: z.optional(currencyCode),
  ...listPagingShape,
  productType: z.optional(productTypes),
  brand: z.optional(brands),
};
export const countryListingQuery = z.strictObject(listingQueryShape);
export const productsQuery = z.strictObject({
  ...listingQueryShape,
  country: z.optional(countryCode),
  searchCriteria: z.optional(z.string().check(z.maxLength(4096))),
});
