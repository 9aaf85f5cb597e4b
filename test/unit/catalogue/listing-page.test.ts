import fc from 'fast-check';
import { type ListingFilter, partitionsFor } from '../../../functions/catalogue/domain/listing';
import { readListingPage } from '../../../functions/catalogue/domain/listing-page';
import type { ProductRecord } from '../../../functions/catalogue/domain/product';
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
  const itemsRead = async (filter: ListingFilter, page: number, limit: number) => {
    const { reader, counter } = memoryListingReader(products200);
    const entries = await readListingPage(reader, partitionsFor(filter), { page, limit });
    expect(entries).toHaveLength(limit);
    return counter.itemsRead;
  };

  it('reads exactly `limit` items for any page of one partition', async () => {
    for (const filter of [
      { productTypes: [], brands: [] },
      { country: 'FR', productTypes: ['book'], brands: ['Acme'] },
    ] satisfies ListingFilter[]) {
      for (const page of [1, 2, 6]) expect(await itemsRead(filter, page, 5)).toBe(5);
    }
  });

  it('reads no more for a late page than a bound that does not depend on the page, with several partitions', async () => {
    const filter: ListingFilter = { productTypes: [], brands: BRANDS.slice(0, 2) };
    const k = partitionsFor(filter).length;
    const limit = 10;
    // k "last" reads, k per binary-search step over ids 1..200, then at most `limit` per partition.
    const bound = k + k * Math.ceil(Math.log2(200)) + k * limit;
    for (const page of [1, 5, 13]) expect(await itemsRead(filter, page, limit)).toBeLessThanOrEqual(bound);
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
