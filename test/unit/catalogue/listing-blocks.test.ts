/**
 * Listings are searches in id order (docs/decisions/search-engine.md D91), and page N costs what
 * page 1 costs: the index counts each filter's matches per block of 1,024 positions once, and a
 * page walks from the block where it starts.
 */
import {
  BLOCK_SIZE,
  BlockCountCache,
  blockCounts,
  KEPT_FILTERS,
  pageFromBlocks,
} from '#functions/catalogue/domain/id-order-blocks';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { searchPage } from '#functions/catalogue/domain/product-search';
import type { SearchRequest } from '#functions/catalogue/domain/search-request';
import { product } from './product-fixtures';
import { indexOf } from './search-index-fixture';

/** 5,000 products (5 blocks) over 20 brands, both types, 5 units, sold in FR always and in GB or DE by turns. */
const BRANDS = Array.from({ length: 20 }, (_, i) => `Brand ${i + 1}`);
const UNITS = ['books', 'education', 'computing', 'gaming', 'professional'];
const products: ProductRecord[] = Array.from({ length: 5_000 }, (_, k) => {
  const id = 3 * k + 1 + (k % 2);
  return product(id, {
    brand: BRANDS[(k * 7 + (k >> 6)) % 20]!,
    businessUnit: UNITS[(k >> 3) % 5]!,
    prices: {
      FR: { value: 10, currency: 'EUR' },
      ...(k % 5 === 0 ? { GB: { value: 9, currency: 'GBP' } } : {}),
      ...(k % 997 < 3 ? { DE: { value: 11, currency: 'EUR' } } : {}),
    },
  });
});
const index = indexOf(products, 'en');
const pricing = { currency: 'EUR', rates: { base: 'EUR', rates: { GBP: 0.8 } } };

type Filter = Pick<SearchRequest, 'country' | 'businessUnit' | 'productTypes' | 'brands'>;
const FILTERS: Filter[] = [
  { productTypes: [], brands: [] },
  { country: 'GB', productTypes: [], brands: [] },
  { country: 'DE', productTypes: [], brands: [] },
  { businessUnit: 'gaming', productTypes: ['computer'], brands: [] },
  { productTypes: ['book'], brands: BRANDS.slice(0, 4) },
  { productTypes: ['book', 'computer'], brands: BRANDS },
  { country: 'GB', businessUnit: 'books', productTypes: ['book', 'computer'], brands: BRANDS.slice(3, 5) },
  { productTypes: [], brands: ['Brand 7'] },
  { productTypes: [], brands: ['No such brand'] },
  { country: 'JP', productTypes: [], brands: [] },
];

/** The listing as the catalogue says it, every product tested in id order. */
const naive = (filter: Filter) =>
  products
    .filter(
      (p) =>
        (!filter.country || p.prices[filter.country] !== undefined) &&
        (!filter.businessUnit || p.businessUnit === filter.businessUnit) &&
        (filter.productTypes.length === 0 || filter.productTypes.includes(p.type)) &&
        (filter.brands.length === 0 || filter.brands.includes(p.brand)),
    )
    .map((p) => p.id);

describe('a listing (a search in id order without text)', () => {
  it.each(FILTERS.map((filter) => [JSON.stringify(filter), filter] as const))(
    'pages %s exactly as the naive walk does, every page and past the end',
    (_, filter) => {
      const all = naive(filter);
      for (const limit of [1, 7, 20, 100]) {
        const pages = Math.ceil(all.length / limit) + 1;
        const asked = new Set([1, 2, 3, Math.floor(pages / 2), pages - 1, pages, pages + 5]);
        for (const page of [...asked].filter((p) => p >= 1)) {
          const request: SearchRequest = { ...filter, page, limit, sort: 'id' };
          const found = searchPage(index, request, pricing).map((i) => index.columns.ids[i]);
          expect({ limit, page, found }).toEqual({
            limit,
            page,
            found: all.slice((page - 1) * limit, page * limit),
          });
        }
      }
    },
  );
});

describe('a page walked from its block', () => {
  const count = 10 * BLOCK_SIZE + 300;
  const filters: [string, (i: number) => boolean][] = [
    ['every position', () => true],
    ['one in three', (i) => i % 3 === 0],
    ['one in 500', (i) => i % 500 === 7],
    ['only the last two blocks', (i) => i >= 9 * BLOCK_SIZE],
    ['a run in the middle of each block', (i) => i % BLOCK_SIZE > 400 && i % BLOCK_SIZE < 430],
  ];

  it.each(filters)('visits at most one block plus the page, whatever the page (%s)', (_, matches) => {
    const counts = blockCounts(count, matches);
    const positions = Array.from({ length: count }, (_, i) => i).filter(matches);
    for (const limit of [1, 20, 100]) {
      for (let page = 1; (page - 1) * limit < positions.length; page += 1 + Math.floor(page / 3)) {
        let visits = 0;
        const found = pageFromBlocks(
          counts,
          count,
          (i) => {
            visits++;
            return matches(i);
          },
          (page - 1) * limit,
          limit,
        );
        const expected = positions.slice((page - 1) * limit, page * limit);
        expect(found).toEqual(expected);
        // The page's own span, and before it no more than the rest of the block it starts in.
        const span = expected.at(-1)! - expected[0]! + 1;
        expect(visits).toBeLessThanOrEqual(BLOCK_SIZE + span);
      }
    }
  });

  it('passes over the blocks without a match', () => {
    const last = (i: number) => i === count - 1;
    let visits = 0;
    const counting = (i: number) => {
      visits++;
      return last(i);
    };
    expect(pageFromBlocks(blockCounts(count, last), count, counting, 0, 20)).toEqual([count - 1]);
    expect(visits).toBe(300);
  });

  it('keeps the counts of the last filters asked, and makes each only once', () => {
    const cache = new BlockCountCache();
    let made = 0;
    const make = () => {
      made++;
      return new Uint32Array(1);
    };
    for (let n = 0; n < KEPT_FILTERS; n++) cache.countsOf(`filter ${n}`, make);
    cache.countsOf('filter 0', make);
    cache.countsOf('one more', make);
    expect([cache.size, made]).toEqual([KEPT_FILTERS, KEPT_FILTERS + 1]);
    // 'filter 0' was asked again, so 'filter 1' was the least recently used and went.
    cache.countsOf('filter 0', make);
    expect(made).toBe(KEPT_FILTERS + 1);
    cache.countsOf('filter 1', make);
    expect(made).toBe(KEPT_FILTERS + 2);
  });
});
