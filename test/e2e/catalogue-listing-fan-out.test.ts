/**
 * A listing of 20 brands answers (issue 24, docs/decisions/search-engine.md D91): a listing is a
 * search in id order of the version's snapshot, so no filter is too wide for it. It used to be a
 * 400 beyond 8 brands × product types (the cap of the listing partitions, D67, replaced).
 */
import { brandsOf, expectedPage, list, q, seededCountry } from './support/listing-expectations';

/** Twenty brands: the seed's eight and twelve it does not have. */
const twentyBrands = [
  ...brandsOf('book'),
  ...brandsOf('computer'),
  ...Array.from({ length: 12 }, (_, i) => `Brand ${i + 1}`),
];
const allBrands = [...brandsOf('book'), ...brandsOf('computer')];
const wide = `brand=${q(twentyBrands.join(','))}&productType=book,computer`;

describe('a listing of 20 brands × 2 product types', () => {
  it('answers every page of /products, exactly the catalogue, then an empty page', async () => {
    const filter = { brands: allBrands };
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map((page) => list(`/products?${wide}&limit=100&page=${page}`)),
    );
    expect(first).toEqual(expectedPage(filter, 1, 100));
    expect(second).toEqual(expectedPage(filter, 2, 100));
    expect(third).toEqual([]);
  });

  it("answers on the country route, at the country's prices", async () => {
    const country = seededCountry.id;
    const filter = { country, brands: allBrands };
    const [first, second] = await Promise.all(
      [1, 2].map((page) => list(`/countries/${country}/products?${wide}&limit=7&page=${page}`)),
    );
    expect(first).toEqual(expectedPage(filter, 1, 7));
    expect(second).toEqual(expectedPage(filter, 2, 7));
    expect(first).toHaveLength(7);
  });

  it('answers as the same criteria object does', async () => {
    const criteria = JSON.stringify({ brand: twentyBrands, productType: ['book', 'computer'], limit: 50 });
    expect(await list(`/products?searchCriteria=${q(criteria)}`)).toEqual(
      await list(`/products?${wide}&limit=50`),
    );
  });
});
