import fc from 'fast-check';
import {
  type ListingFilter,
  ListingTooWideError,
  MAX_LISTING_PARTITIONS,
  partitionsFor,
} from '#functions/catalogue/domain/listing';
import { listingBlockSize } from '#functions/catalogue/domain/listing-blocks';
import { readListingPage } from '#functions/catalogue/domain/listing-page';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { memoryListingReader } from './memory-listing-reader';
import { product } from './product-fixtures';

const BRANDS = ['Acme', 'Pipe|Line', 'Zeta'];

const matches = (p: ProductRecord, f: ListingFilter) =>
  (!f.country || f.country in p.prices) &&
  (!f.businessUnit || p.businessUnit === f.businessUnit) &&
  (f.productTypes.length === 0 || f.productTypes.includes(p.type)) &&
  (f.brands.length === 0 || f.brands.includes(p.brand));

const catalogueArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 0, maxLength: 120 })
  .map((ids) => ids.map((id) => product(id)));

const filterArb: fc.Arbitrary<ListingFilter> = fc.record({
  country: fc.option(fc.constantFrom('FR', 'GB'), { nil: undefined }),
  businessUnit: fc.option(fc.constantFrom('books', 'computing'), { nil: undefined }),
  productTypes: fc.subarray(['book', 'computer'] as const),
  brands: fc.subarray(BRANDS),
});

describe('readListingPage', () => {
  it('returns exactly the matching products of the page, in id order', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueArb,
        filterArb,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 25 }),
        async (products, filter, page, limit) => {
          const { reader } = memoryListingReader(products);
          const expected = products
            .filter((p) => matches(p, filter))
            .map((p) => p.id)
            .sort((a, b) => a - b)
            .slice((page - 1) * limit, page * limit);
          const actual = await readListingPage(reader, partitionsFor(filter), { page, limit });
          expect(actual.map((e) => e.id)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  const products200 = Array.from({ length: 200 }, (_, i) => product(i + 1));
  const cost = async (
    products: readonly ProductRecord[],
    filter: ListingFilter,
    page: number,
    limit: number,
  ) => {
    const { reader, counter } = memoryListingReader(products);
    const entries = await readListingPage(reader, partitionsFor(filter), { page, limit });
    return { entries, ...counter };
  };

  it('reads exactly `limit` items, in one request, for any page of one partition', async () => {
    for (const filter of [
      { productTypes: [], brands: [] },
      { country: 'FR', productTypes: ['book'], brands: ['Acme'] },
    ] satisfies ListingFilter[]) {
      for (const page of [1, 2, 6]) {
        const { entries, itemsRead, requests } = await cost(products200, filter, page, 5);
        expect([entries.length, itemsRead, requests]).toEqual([5, 5, 1]);
      }
    }
  });

  // Issue 14 §1: a page across P partitions used to cost P × (1 + ⌈log₂ highest id⌉ + 1) requests.
  it('pages the widest accepted union in at most 1 + P requests and a page-independent number of items', async () => {
    // Eight brands of 2,000 products, so the union is the whole catalogue and its blocks are full.
    const brands = Array.from({ length: MAX_LISTING_PARTITIONS }, (_, i) => `Brand ${i}`);
    const products = Array.from({ length: 2_000 }, (_, i) => product(i + 1, { brand: brands[(i * 7) % 8]! }));
    const block = listingBlockSize(products.length);
    const filter: ListingFilter = { productTypes: [], brands };
    const limit = 100;
    const bound = MAX_LISTING_PARTITIONS + limit + 2 * (block - 1);
    const costs = [];
    for (const page of [1, 2, 7, 13, 20]) {
      const { entries, itemsRead, requests } = await cost(products, filter, page, limit);
      expect(entries.map((e) => e.id)).toEqual(
        Array.from({ length: limit }, (_, i) => (page - 1) * limit + i + 1),
      );
      expect(requests).toBeLessThanOrEqual(1 + MAX_LISTING_PARTITIONS);
      expect(itemsRead).toBeLessThanOrEqual(bound);
      costs.push(requests);
    }
    expect(new Set(costs)).toEqual(new Set([1 + MAX_LISTING_PARTITIONS]));
  });

  it('refuses a filter spanning more partitions than the cap, before reading anything', () => {
    const brands = Array.from({ length: MAX_LISTING_PARTITIONS + 1 }, (_, i) => `Brand ${i}`);
    expect(() => partitionsFor({ productTypes: [], brands })).toThrow(ListingTooWideError);
    expect(() => partitionsFor({ productTypes: ['book', 'computer'], brands })).toThrow(ListingTooWideError);
    expect(partitionsFor({ productTypes: ['book', 'computer'], brands: brands.slice(1) })).toHaveLength(
      MAX_LISTING_PARTITIONS,
    );
  });

  it('is empty past the end and for no partition', async () => {
    const { reader } = memoryListingReader([product(1), product(2)]);
    expect(
      await readListingPage(reader, partitionsFor({ productTypes: [], brands: [] }), { page: 2, limit: 2 }),
    ).toEqual([]);
    expect(
      await readListingPage(reader, partitionsFor({ productTypes: [], brands: ['Acme', 'Zeta'] }), {
        page: 5,
        limit: 2,
      }),
    ).toEqual([]);
    expect(await readListingPage(reader, [], { page: 1, limit: 2 })).toEqual([]);
  });
});
