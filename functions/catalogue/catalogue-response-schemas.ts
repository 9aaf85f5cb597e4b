import * as v from 'valibot';
import { integerResponse, moneyResponse } from '#commons/http/error-response-schemas';
import { PRODUCT_TYPES } from './domain/product';

/** Response schemas of the catalogue routes: the OpenAPI document shows them, unit tests hold the views to them. */

const productType = v.picklist(PRODUCT_TYPES);

/** An element of a product list; `id` is a string here (spec), `price` only in scoped listings. */
export const listingElementResponse = v.object({
  id: v.string(),
  label: v.string(),
  type: productType,
  brand: v.string(),
  price: v.optional(moneyResponse),
});
export const listingResponse = v.array(listingElementResponse);

export const productResponse = v.object({
  id: integerResponse,
  type: productType,
  brand: v.string(),
  business_unit: v.string(),
  label: v.string(),
  title: v.string(),
  description: v.string(),
  images: v.array(v.string()),
  height: v.string(),
  width: v.string(),
  weight: v.string(),
  author: v.nullable(v.string()),
});

export const technicalInfoResponse = v.object({
  id: integerResponse,
  type: productType,
  height: v.string(),
  width: v.string(),
  weight: v.string(),
  screen_size: v.optional(v.string()),
  ram: v.optional(v.string()),
  cpu: v.optional(v.string()),
});

export const ratingsResponse = v.object({
  id: integerResponse,
  average: v.number(),
  count: v.number(),
});
export const imagesResponse = v.object({ id: integerResponse, images: v.array(v.string()) });

export const bookResponse = v.object({
  id: integerResponse,
  title: v.string(),
  author: v.nullable(v.string()),
  publisher: v.string(),
  translator: v.nullable(v.string()),
  back_cover: v.string(),
});

export const computerResponse = v.object({
  id: integerResponse,
  title: v.string(),
  brand: v.string(),
  screen_size: v.string(),
  ram: v.string(),
  cpu: v.string(),
});

export const stockResponse = v.object({
  product_id: integerResponse,
  location_id: v.string(),
  quantity: integerResponse,
  updated_at: v.string(),
});

export const countriesResponse = v.array(
  v.object({
    id: v.pipe(v.string(), v.length(2)),
    label: v.string(),
    currency: v.pipe(v.string(), v.length(3)),
  }),
);
export const businessUnitsResponse = v.array(v.object({ id: v.string(), label: v.string() }));
