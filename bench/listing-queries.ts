/**
 * The listings the listing benchmark asks (bench/listing-cost.ts), as query parameters, each with
 * the figure the same question had before listings were answered from the snapshot
 * (docs/performance.md before issue 24).
 */
import { BOOK_BRANDS, COMPUTER_BRANDS } from '#local/seed/product-seed';

/** Twenty brands: the generator's eight and twelve it does not have. */
export const TWENTY_BRANDS = [
  ...BOOK_BRANDS,
  ...COMPUTER_BRANDS,
  ...Array.from({ length: 12 }, (_, i) => `Brand ${i + 1}`),
];

export interface Listing {
  readonly label: string;
  readonly query: Readonly<Record<string, string>>;
  /** Today's figure for the same question (docs/performance.md before issue 24). */
  readonly today: string;
}

/** The listings timed at 100,000 products, as query parameters (`limit` 20 by default). */
export const TIMED: readonly Listing[] = [
  {
    label: 'the default listing',
    query: {},
    today: 'one partition: 1 Query of `limit` items a page, not timed in memory',
  },
  {
    label: 'a country listing (FR)',
    query: { country: 'FR' },
    today: 'one partition: 1 Query of `limit` items a page, not timed in memory',
  },
  {
    label: `${BOOK_BRANDS.length} brands`,
    query: { brand: BOOK_BRANDS.join(',') },
    today: '4 partitions: 5 requests, 8 / 14 / 14 items (seed, `limit` 1)',
  },
  {
    label: '20 brands × 2 types',
    query: { brand: TWENTY_BRANDS.join(','), productType: 'book,computer' },
    today: 'a 400: more than 8 partitions (docs/decisions/catalogue-versions.md D67)',
  },
];

/** The listings whose DynamoDB reads are counted on the seed sandbox. */
export const COUNTED: readonly (Listing & { readonly pages: readonly number[] })[] = [
  {
    label: 'the default listing, limit=2',
    query: { limit: '2' },
    pages: [1, 10, 100],
    today: '2 / 2 / 2 items, 1 / 1 / 1 requests',
  },
  {
    label: 'a country listing (FR), limit=1',
    query: { country: 'FR', limit: '1' },
    pages: [1, 10, 100],
    today: '1 / 1 / 1 items, 1 / 1 / 1 requests (one partition)',
  },
  {
    label: `${BOOK_BRANDS.length} brands, limit=1`,
    query: { brand: BOOK_BRANDS.join(','), limit: '1' },
    pages: [1, 10, 100],
    today: '8 / 14 / 14 items, 5 / 5 / 5 requests',
  },
  {
    label: '20 brands × 2 types, limit=100',
    query: { brand: TWENTY_BRANDS.join(','), productType: 'book,computer', limit: '100' },
    pages: [1, 2],
    today: 'a 400 (8 brands: 120 / 112 items, 9 / 9 requests)',
  },
];
