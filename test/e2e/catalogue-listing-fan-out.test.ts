/**
 * Issue 14 §1, docs/decisions/catalogue-versions.md D67: one listing request must not become hundreds of queries. A
 * filter spanning more than 8 listing partitions (brands × product types, every type counting
 * once) is a 400 that says what to narrow, in the query or on the country route; the widest
 * accepted one pages like any other listing (its cost is the `listing` benchmark's fan-out row).
 * A criteria object reads no partition: it is searched in memory, with no such limit.
 */
import { api } from './support/api';
import { brandsOf, expectedPage, list, q } from './support/listing-expectations';

const TOO_WIDE = {
  code: 'invalid_request',
  message:
    "A listing may span at most 8 brands at once (each 'brand' for each 'productType' named; naming every " +
    'type counts once): ask for fewer brands or product types.',
};

/** Twenty brands: the seed's eight and twelve it does not have. */
const twentyBrands = [
  ...brandsOf('book'),
  ...brandsOf('computer'),
  ...Array.from({ length: 12 }, (_, i) => `Brand ${i + 1}`),
];
const allBrands = [...brandsOf('book'), ...brandsOf('computer')];

describe('a listing across too many partitions', () => {
  it.each([
    [
      '20 brands of every type',
      `brand=${q(twentyBrands.join(','))}&productType=book,computer&limit=100&page=2`,
    ],
    ['9 brands', `brand=${q([...allBrands, 'Brand 1'].join(','))}`],
    ['9 brands of one type', `brand=${q([...allBrands, 'Brand 1'].join(','))}&productType=book`],
  ])('%s is a 400 that says what to narrow, in the query', async (_, query) => {
    const response = await api(`/products?${query}`);
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: TOO_WIDE });
  });

  it('is no limit of a criteria object, which is searched in memory (docs/decisions/search-engine.md D68)', async () => {
    const criteria = JSON.stringify({
      brand: twentyBrands,
      productType: ['book', 'computer'],
      limit: 100,
      page: 2,
    });
    const [posted, inQuery] = await Promise.all([
      api('/products/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: criteria,
      }),
      api(`/products?searchCriteria=${q(criteria)}`),
    ]);
    for (const response of [posted, inQuery]) {
      expect({ status: response.status, body: response.body }).toEqual({
        status: 200,
        body: expectedPage({ brands: allBrands }, 2, 100),
      });
    }
  });

  it('is refused on the country route too', async () => {
    const response = await api(`/countries/FR/products?brand=${q([...allBrands, 'Brand 1'].join(','))}`);
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: TOO_WIDE });
  });
});

describe('the widest accepted listing', () => {
  it('8 brands of every type, limit 100, pages to exactly the catalogue', async () => {
    const query = `brand=${q(allBrands.join(','))}&productType=book,computer&limit=100`;
    const filter = { brands: allBrands };
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map((page) => list(`/products?${query}&page=${page}`)),
    );
    expect(first).toEqual(expectedPage(filter, 1, 100));
    expect(second).toEqual(expectedPage(filter, 2, 100));
    expect(third).toEqual([]);
  });
});
