import * as v from 'valibot';
import { documented } from '#commons/http/documented';
import { freeText } from '#commons/http/free-text';
import { MAX_LIMIT, MAX_PAGE } from '#commons/http/paging';
import { strictObject } from '#commons/http/strict-object';
import { SEARCH_SORTS } from '../domain/search-request';
import { slugId, upperCode } from './codes';
import { bodyInt, brands, businessUnitId, productTypes } from './listing-query';

/**
 * The search criteria object (docs/decisions/search-engine.md D14, D68): the body of `POST /products/search` and,
 * JSON-encoded, the `searchCriteria` parameter of `GET /products`. Nested objects are allowed, as
 * the spec says; a criterion it does not define is a 400 naming it. Every criterion carries an
 * example, which the OpenAPI document shows and a test runs against the sandbox.
 */

const amount = v.pipe(v.number(), v.minValue(0), v.maxValue(1e9));
const range = strictObject({ min: v.optional(amount), max: v.optional(amount) });

export const searchCriteria = documented(
  strictObject({
    text: v.optional(
      documented(
        freeText(200),
        'Words matched against the label, title and description in the answer language (English where a text is ' +
          'not translated), ignoring case and accents as Unicode folds them (`ΑΘΗΝΑ` finds `Αθήνα`, `zolc` finds ' +
          '`Żółć`); every word must match a whole word, and the last one also the start of a word once it has 3 ' +
          'letters or more (`gar` finds `garden`, `ga` only the word `ga`). In scripts written without spaces ' +
          '(Chinese, Japanese, Korean, Thai, Khmer, Lao, Myanmar) a run of characters matches a text that holds each ' +
          'of its pairs of characters (`ラーメン` finds `東京の美味しいラーメン`).',
        'silent garden',
      ),
    ),
    price: v.optional(
      documented(
        range,
        'Price range, both ends included, in the answer currency: `currency`, else the country’s, else the base currency.',
        { min: 10, max: 20 },
      ),
    ),
    book: v.optional(
      documented(
        strictObject({ author: v.optional(freeText(100)), publisher: v.optional(freeText(100)) }),
        'Books whose author or publisher contains these words (case and accents ignored).',
        { author: 'Dubois' },
      ),
    ),
    computer: v.optional(
      documented(
        strictObject({
          ram_gb: v.optional(range),
          screen_in: v.optional(range),
          cpu: v.optional(freeText(100)),
        }),
        'Computers by memory (GB) and screen diagonal (inches), both ends included, and processor (contains these words).',
        { ram_gb: { min: 16 }, screen_in: { min: 13, max: 15 } },
      ),
    ),
    in_stock: v.optional(
      documented(
        strictObject({ location_id: slugId }),
        'Products with a quantity above zero at this location.',
        { location_id: 'paris-1' },
      ),
    ),
    sort: v.optional(
      documented(
        v.picklist(SEARCH_SORTS),
        '`id` (default), `price`, `-price` (in the answer currency), or `relevance` (with `text`); ties in product id order.',
        'price',
      ),
    ),
    page: v.optional(documented(bodyInt(MAX_PAGE), 'Page number, from 1.', 2)),
    limit: v.optional(documented(bodyInt(MAX_LIMIT), 'Products per page, 1 to 100 (default 20).', 10)),
    productType: v.optional(productTypes),
    brand: v.optional(brands),
    country: v.optional(
      upperCode(2, { description: 'Products sold in this country, at its prices.', example: 'GB' }),
    ),
    businessUnit: v.optional(businessUnitId),
    currency: v.optional(upperCode(3, { description: 'Show prices in this currency.', example: 'USD' })),
  }),
  'Search criteria. Criteria combine (AND); the values of one list are alternatives (OR). For example ' +
    '`{"text": "laptop", "productType": ["computer"], "country": "FR", "computer": {"ram_gb": {"min": 16}}, ' +
    '"sort": "-price", "limit": 5}`.',
);
export type SearchCriteria = v.InferOutput<typeof searchCriteria>;
