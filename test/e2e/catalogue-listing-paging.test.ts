import { api } from './support/api';
import {
  brandsOf,
  euroCountry,
  expectedPage,
  type Filter,
  foreignCurrency,
  ids,
  type ListingElement,
  list,
  pipeBrand,
  q,
  seededCountry,
} from './support/listing-expectations';
import { seed } from './support/seed';

describe('GET /products: the default listing', () => {
  it('is the first 20 products by id, with string ids and no price', async () => {
    const body = await list('/products');
    expect(body).toEqual(expectedPage({}));
    expect(body).toHaveLength(20);
    for (const element of body) {
      expect(typeof element.id).toBe('string');
      expect(Object.keys(element).sort()).toEqual(['brand', 'id', 'label', 'type']);
    }
  });

  it('is cached publicly for a short time', async () => {
    const response = await api('/products');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('paging', () => {
  it('respects limit', async () => {
    expect(await list('/products?limit=7')).toEqual(expectedPage({}, 1, 7));
    expect(await list('/products?limit=1')).toHaveLength(1);
    expect(await list('/products?limit=100')).toHaveLength(Math.min(100, seed.products.length));
  });

  it('continues page 1 on page 2 without overlap or gap', async () => {
    const [first, second] = await Promise.all([
      list('/products?page=1&limit=15'),
      list('/products?page=2&limit=15'),
    ]);
    expect(first).toHaveLength(15);
    expect(second).toHaveLength(15);
    expect(ids(first).filter((id) => ids(second).includes(id))).toEqual([]);
    expect(ids([...first, ...second])).toEqual(ids(expectedPage({}, 1, 30)));
  });

  it('is empty past the end, up to the highest page allowed', async () => {
    const pages = Math.ceil(seed.products.length / 100);
    expect(await list(`/products?limit=100&page=${pages + 1}`)).toEqual([]);
    expect(await list('/products?page=10000')).toEqual([]);
    expect(await list('/products?brand=Voltix&page=500&limit=100')).toEqual([]);
  });

  it('orders by product id (numerically, though ids are strings)', async () => {
    const body = await list('/products?limit=100&page=1');
    const numbers = body.map((e) => Number(e.id));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // 1..100 as strings sorted lexically would put "10" before "2".
    expect(numbers.slice(0, 12)).toEqual(
      seed.products
        .map((p) => p.id)
        .sort((a, b) => a - b)
        .slice(0, 12),
    );
  });

  it('walked page by page, the unfiltered listing is exactly the seed', async () => {
    const walked: string[] = [];
    for (let page = 1; ; page++) {
      const body = await list(`/products?limit=100&page=${page}`);
      walked.push(...ids(body));
      if (body.length < 100) break;
    }
    expect(walked).toEqual(
      seed.products
        .map((p) => p.id)
        .sort((a, b) => a - b)
        .map(String),
    );
  });

  it.each([
    ['two brands of both types', { brands: [brandsOf('computer')[0]!, pipeBrand] }, 9],
    [
      'three computer brands in a country',
      { country: seededCountry.id, productTypes: ['computer'], brands: brandsOf('computer').slice(0, 3) },
      4,
    ],
  ] as [string, Filter, number][])(
    'walked page by page, %s is exactly its products',
    async (_, filter, limit) => {
      const query = [
        filter.brands ? `brand=${q(filter.brands.join(','))}` : '',
        filter.productTypes ? `productType=${filter.productTypes.join(',')}` : '',
        filter.country ? `country=${filter.country}` : '',
      ].filter(Boolean);
      const walked: ListingElement[] = [];
      for (let page = 1; ; page++) {
        const body = await list(`/products?${[...query, `limit=${limit}`, `page=${page}`].join('&')}`);
        expect(body.length).toBeLessThanOrEqual(limit);
        walked.push(...body);
        if (body.length < limit) break;
      }
      expect(walked).toEqual(expectedPage(filter, 1, 1000));
      expect(walked.length).toBeGreaterThan(2 * limit);
    },
  );
});

describe('searchCriteria and POST /products/search', () => {
  const criteriaCases: [string, Record<string, unknown>, Filter, number, number][] = [
    ['no criteria', {}, {}, 1, 20],
    ['paging only', { page: 3, limit: 7 }, {}, 3, 7],
    [
      'types, brands and a country',
      {
        productType: ['computer'],
        brand: brandsOf('computer').slice(0, 3),
        country: seededCountry.id,
        page: 2,
        limit: 5,
      },
      { productTypes: ['computer'], brands: brandsOf('computer').slice(0, 3), country: seededCountry.id },
      2,
      5,
    ],
    [
      'a business unit and a currency',
      { businessUnit: 'education', currency: foreignCurrency, limit: 50 },
      { businessUnit: 'education', currency: foreignCurrency },
      1,
      50,
    ],
    ['a brand with a pipe', { brand: [pipeBrand], limit: 100 }, { brands: [pipeBrand] }, 1, 100],
  ];

  it.each(criteriaCases)(
    '%s: the GET and the POST forms give the same page',
    async (_, criteria, filter, page, limit) => {
      const [viaQuery, viaBody] = await Promise.all([
        list(`/products?searchCriteria=${q(JSON.stringify(criteria))}`),
        list('/products/search', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(criteria),
        }),
      ]);
      expect(viaQuery).toEqual(expectedPage(filter, page, limit));
      expect(viaBody).toEqual(viaQuery);
    },
  );

  it('POST /products/search creates nothing and answers 200 with the list', async () => {
    const response = await api('/products/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 3 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.body).toEqual(expectedPage({}, 1, 3));
  });

  it('searchCriteria gives the same page as the equivalent query parameters', async () => {
    const brands = brandsOf('book').slice(0, 2);
    const criteria = { brand: brands, country: euroCountry.id, page: 2, limit: 10 };
    const [viaCriteria, viaParameters] = await Promise.all([
      list(`/products?searchCriteria=${q(JSON.stringify(criteria))}`),
      list(`/products?brand=${q(brands.join(','))}&country=${euroCountry.id}&page=2&limit=10`),
    ]);
    expect(viaCriteria).toEqual(viaParameters);
    expect(viaCriteria).toEqual(expectedPage({ brands, country: euroCountry.id }, 2, 10));
  });
});

describe('fields on a list', () => {
  it('keeps only the named fields on each element', async () => {
    const country = seededCountry.id;
    const body = await list(`/products?country=${country}&fields=id,price&limit=10`);
    expect(body).toEqual(expectedPage({ country }, 1, 10).map(({ id, price }) => ({ id, price })));
  });

  it('works on the country route and the search route too', async () => {
    const country = euroCountry.id;
    const nested = await list(`/countries/${country}/products?fields=label&limit=5`);
    expect(nested).toEqual(expectedPage({ country }, 1, 5).map(({ label }) => ({ label })));
    const searched = await list('/products/search?fields=brand,type', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 5 }),
    });
    expect(searched).toEqual(expectedPage({}, 1, 5).map(({ brand, type }) => ({ brand, type })));
  });

  it('does not change which elements are listed', async () => {
    const [full, partial] = await Promise.all([
      list('/products?productType=book&page=3'),
      list('/products?productType=book&page=3&fields=id'),
    ]);
    expect(partial).toEqual(full.map(({ id }) => ({ id })));
  });
});
