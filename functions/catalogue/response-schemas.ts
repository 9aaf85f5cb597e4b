import * as z from 'zod/mini';
import { moneyResponse } from '#commons/http/response-schemas';
import { PRODUCT_TYPES } from './domain/product';

/** Response schemas of the catalogue routes: the OpenAPI document shows them, unit tests hold the views to them. */

const productType = z.enum(PRODUCT_TYPES);

/** An element of a product list; `id` is a string here (spec), `price` only in scoped listings. */
export const listingElementResponse = z.object({
  id: z.string(),
  label: z.string(),
  type: productType,
  brand: z.string(),
  price: z.optional(moneyResponse),
});
export const listingResponse = z.array(listingElementResponse);

export const productResponse = z.object({
  id: z.number().check(z.int()),
  type: productType,
  brand: z.string(),
  business_unit: z.string(),
  label: z.string(),
  title: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  height: z.string(),
  width: z.string(),
  weight: z.string(),
  author: z.nullable(z.string()),
});

export const technicalInfoResponse = z.object({
  id: z.number().check(z.int()),
  type: productType,
  height: z.string(),
  width: z.string(),
  weight: z.string(),
  screen_size: z.optional(z.string()),
  ram: z.optional(z.string()),
  cpu: z.optional(z.string()),
});

export const ratingsResponse = z.object({
  id: z.number().check(z.int()),
  average: z.number(),
  count: z.number(),
});
export const imagesResponse = z.object({ id: z.number().check(z.int()), images: z.array(z.string()) });

export const bookResponse = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  author: z.nullable(z.string()),
  publisher: z.string(),
  translator: z.nullable(z.string()),
  back_cover: z.string(),
});

export const computerResponse = z.object({
  id: z.number().check(z.int()),
  title: z.string(),
  brand: z.string(),
  screen_size: z.string(),
  ram: z.string(),
  cpu: z.string(),
});

export const stockResponse = z.object({
  product_id: z.number().check(z.int()),
  location_id: z.string(),
  quantity: z.number().check(z.int()),
  updated_at: z.string(),
});

export const countriesResponse = z.array(
  z.object({ id: z.string().check(z.length(2)), label: z.string(), currency: z.string().check(z.length(3)) }),
);
export const businessUnitsResponse = z.array(z.object({ id: z.string(), label: z.string() }));
