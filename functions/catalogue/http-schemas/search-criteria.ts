import * as z from 'zod/mini';
import { freeText } from '#commons/http/free-text';
import { MAX_LIMIT, MAX_PAGE } from '#commons/http/paging';
import { SEARCH_SORTS } from '../domain/search-request';
import { bodyInt, brands, businessUnitId, productTypes } from './listing';

/**
 * The search criteria object (docs/design.md D14, D68): the body of `POST /products/search` and,
 * JSON-encoded, the `searchCriteria` parameter of `GET /products`. Nested objects are allowed, as
 * the spec says; a criterion it does not define is a 400 naming it. Every criterion carries an
 * example, which the OpenAPI document shows and a test runs against the sandbox.
 */

const documented = <S extends z.ZodMiniType>(schema: S, description: string, example: unknown): S => {
  z.globalRegistry.add(schema, {
    description,
    ...(example === undefined ? {} : { examples: [example] as never }),
  });
  return schema;
};

// A code any case, upper-cased; the example sits on the string a client sends (a transform's
// examples would not show in the document).
const code = (length: number, description: string, example: string) =>
  z.pipe(
    documented(z.string().check(z.regex(new RegExp(`^[A-Za-z]{${length}}$`))), description, example),
    z.transform((s) => s.toUpperCase()),
  );
const amount = z.number().check(z.minimum(0), z.maximum(1e9));
const range = z.strictObject({ min: z.optional(amount), max: z.optional(amount) });
const locationId = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/));

export const searchCriteria = documented(
  z.strictObject({
    text: z.optional(
      documented(
        freeText(200),
        'Words matched against the label, title and description in the answer language (English where a text is ' +
          'not translated), ignoring case and accents; every word must match, the last one also as a prefix.',
        'silent garden',
      ),
    ),
    price: z.optional(
      documented(
        range,
        'Price range, both ends included, in the answer currency: `currency`, else the country’s, else the base currency.',
        { min: 10, max: 20 },
      ),
    ),
    book: z.optional(
      documented(
        z.strictObject({ author: z.optional(freeText(100)), publisher: z.optional(freeText(100)) }),
        'Books whose author or publisher contains these words (case and accents ignored).',
        { author: 'Dubois' },
      ),
    ),
    computer: z.optional(
      documented(
        z.strictObject({
          ram_gb: z.optional(range),
          screen_in: z.optional(range),
          cpu: z.optional(freeText(100)),
        }),
        'Computers by memory (GB) and screen diagonal (inches), both ends included, and processor (contains these words).',
        { ram_gb: { min: 16 }, screen_in: { min: 13, max: 15 } },
      ),
    ),
    in_stock: z.optional(
      documented(
        z.strictObject({ location_id: locationId }),
        'Products with a quantity above zero at this location.',
        { location_id: 'paris-1' },
      ),
    ),
    sort: z.optional(
      documented(
        z.enum(SEARCH_SORTS),
        '`id` (default), `price`, `-price` (in the answer currency), or `relevance` (with `text`); ties in product id order.',
        'price',
      ),
    ),
    page: z.optional(documented(bodyInt(MAX_PAGE), 'Page number, from 1.', 2)),
    limit: z.optional(documented(bodyInt(MAX_LIMIT), 'Products per page, 1 to 100 (default 20).', 10)),
    productType: z.optional(documented(productTypes, 'Product types (any of them).', ['computer'])),
    brand: z.optional(documented(brands, 'Brands (any of them).', ['Voltix', 'Nimbus'])),
    country: z.optional(code(2, 'Products sold in this country, at its prices.', 'GB')),
    businessUnit: z.optional(
      documented(businessUnitId, 'A business unit id of `GET /business-units`.', 'education'),
    ),
    currency: z.optional(code(3, 'Show prices in this currency.', 'USD')),
  }),
  'Search criteria. Criteria combine (AND); the values of one list are alternatives (OR). For example ' +
    '`{"text": "laptop", "productType": ["computer"], "country": "FR", "computer": {"ram_gb": {"min": 16}}, ' +
    '"sort": "-price", "limit": 5}`.',
  undefined,
);
export type SearchCriteria = z.infer<typeof searchCriteria>;
