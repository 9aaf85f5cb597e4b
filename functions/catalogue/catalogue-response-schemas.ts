import * as v from 'valibot';
import { moneyResponse } from '#commons/http/error-response-schemas';
import { MAX_LIMIT } from '#commons/http/paging';
import { LONG_TEXT, MAX_ID, SHORT_TEXT, TITLE_TEXT } from './domain/catalogue-schema-parts';
import { PRODUCT_TYPES } from './domain/product';
import { slugId } from './http-schemas/codes';

/**
 * Response schemas of the catalogue routes: the OpenAPI document shows them, unit tests hold the
 * views to them. Their bounds are the catalogue file's (domain/catalogue-schema.ts), which every
 * publish checks, so no answer holds a longer text or a larger id.
 */

const productType = v.picklist(PRODUCT_TYPES);
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const shortText = text(SHORT_TEXT);
/** A catalogue id or quantity: a 32-bit integer (catalogue-schema-parts.ts MAX_ID). */
const catalogueInt = (min: number) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(MAX_ID), v.metadata({ format: 'int32' }));
const catalogueId = catalogueInt(1);

/** An element of a product list; `id` is a string here (spec), `price` only in scoped listings. */
export const listingElementResponse = v.object({
  id: v.pipe(v.string(), v.maxLength(10), v.regex(/^[1-9][0-9]*$/)),
  label: shortText,
  type: productType,
  brand: shortText,
  price: v.optional(moneyResponse),
});
/** A page: at most `limit` products, and `limit` is at most MAX_LIMIT. */
export const listingResponse = v.pipe(v.array(listingElementResponse), v.maxLength(MAX_LIMIT));

const images = v.pipe(
  v.array(v.pipe(v.string(), v.maxLength(2048), v.regex(/^https:\/\//))),
  v.maxLength(50),
);

export const productResponse = v.object({
  id: catalogueId,
  type: productType,
  brand: shortText,
  business_unit: slugId,
  label: shortText,
  title: text(TITLE_TEXT),
  description: text(LONG_TEXT),
  images,
  height: shortText,
  width: shortText,
  weight: shortText,
  author: v.nullable(shortText),
});

export const technicalInfoResponse = v.object({
  id: catalogueId,
  type: productType,
  height: shortText,
  width: shortText,
  weight: shortText,
  screen_size: v.optional(shortText),
  ram: v.optional(shortText),
  cpu: v.optional(shortText),
});

export const ratingsResponse = v.object({
  id: catalogueId,
  average: v.number(),
  count: v.number(),
});
export const imagesResponse = v.object({ id: catalogueId, images });

export const bookResponse = v.object({
  id: catalogueId,
  title: text(TITLE_TEXT),
  author: v.nullable(shortText),
  publisher: shortText,
  translator: v.nullable(shortText),
  back_cover: text(LONG_TEXT),
});

export const computerResponse = v.object({
  id: catalogueId,
  title: text(TITLE_TEXT),
  brand: shortText,
  screen_size: shortText,
  ram: shortText,
  cpu: shortText,
});

export const stockResponse = v.object({
  product_id: catalogueId,
  location_id: slugId,
  quantity: catalogueInt(0),
  updated_at: v.pipe(v.string(), v.maxLength(64), v.metadata({ format: 'date-time' })),
});

/** Every country: distinct two-letter codes, so at most 26 × 26 of them. */
export const countriesResponse = v.pipe(
  v.array(
    v.object({
      id: v.pipe(v.string(), v.length(2), v.regex(/^[A-Z]{2}$/)),
      label: shortText,
      currency: v.pipe(v.string(), v.length(3), v.regex(/^[A-Z]{3}$/)),
    }),
  ),
  v.maxLength(26 * 26),
);
export const businessUnitsResponse = v.array(v.object({ id: slugId, label: shortText }));
