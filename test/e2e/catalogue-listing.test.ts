/**
 * Product listings over HTTP: paging, filters, prices and `searchCriteria`, with every expected
 * answer computed from the sandbox's seed (the same catalogue the sandbox serves).
 */
import type { Money } from '#commons/money';
import type { ProductRecord } from '../../functions/catalogue/domain/product';
import { api } from './support/api';
import { seed } from './support/seed';

interface ListingElement {
  id: string;
  label: string;
  type: string;
  brand: string;
  price?: Money;
}

interface Filter {
  country?: string;
  businessUnit?: string;
  currency?: string;
  productTypes?: readonly string[];
  brands?: readonly string[];
}

const { rates } = seed.reference;
const rateOf = (currency: string): number => {
  const rate = currency === rates.base ? 1 : rates.rates[currency];
  if (rate === undefined) throw new Error(`No seeded rate for ${currency}`);
  return rate;
};

/** Prices are converted through the base currency and rounded to the cent. */
const convert = (price: Money, target: string): Money =>
  price.currency === target
    ? price
    : {
        value: Math.round((price.value / rateOf(price.currency)) * rateOf(target) * 100) / 100,
        currency: target,
      };

const byId = (a: ProductRecord, b: ProductRecord) => a.id - b.id;

/** The seed's products a filter selects, in id order. */
const matching = (filter: Filter): ProductRecord[] =>
  seed.products
    .filter(
      (p) =>
        (!filter.country || p.prices[filter.country] !== undefined) &&
        (!filter.businessUnit || p.businessUnit === filter.businessUnit) &&
        (!filter.productTypes?.length || filter.productTypes.includes(p.type)) &&
        (!filter.brands?.length || filter.brands.includes(p.brand)),
    )
    .sort(byId);

/** The page of the listing a client should receive, in English. */
const expectedPage = (filter: Filter, page = 1, limit = 20): ListingElement[] => {
  const priced = Boolean(filter.country || filter.businessUnit || filter.currency);
  return matching(filter)
    .slice((page - 1) * limit, page * limit)
    .map((p) => {
      const local = filter.country ? p.prices[filter.country]! : p.basePrice;
      return {
        id: String(p.id),
        label: p.label.en,
        type: p.type,
        brand: p.brand,
        ...(priced ? { price: filter.currency ? convert(local, filter.currency) : local } : {}),
      };
    });
};

const list = async (path: string, init?: RequestInit): Promise<ListingElement[]> => {
  const response = await api(path, init);
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  expect(Array.isArray(response.body)).toBe(true);
  return response.body as ListingElement[];
};

const ids = (elements: readonly { id: string }[]) => elements.map((e) => e.id);
const q = encodeURIComponent;

const brandsOf = (type: ProductRecord['type']) => [
  ...new Set(seed.products.filter((p) => p.type === type).map((p) => p.brand)),
];
const pipeBrand = seed.products.map((p) => p.brand).find((b) => b.includes('|'))!;
const seededCountry = seed.reference.countries.find((c) => c.currency !== rates.base)!;
const euroCountry = seed.reference.countries.find((c) => c.currency === rates.base)!;
const foreignCurrency = Object.keys(rates.rates).find(
  (c) => !seed.reference.countries.some((country) => country.currency === c),
)!;

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

describe('productType and brand', () => {
  it('filter on the type and the brand of the product', async () => {
    expect(await list('/products?productType=computer&limit=100')).toEqual(
      expectedPage({ productTypes: ['computer'] }, 1, 100),
    );
    const brand = brandsOf('book')[0]!;
    const body = await list(`/products?brand=${q(brand)}&limit=100`);
    expect(body).toEqual(expectedPage({ brands: [brand] }, 1, 100));
    expect(body.length).toBeGreaterThan(0);
  });

  it('count a value given twice once', async () => {
    const brand = brandsOf('computer')[0]!;
    const expected = expectedPage({ brands: [brand] }, 1, 100);
    expect(await list(`/products?brand=${q(brand)}&brand=${q(brand)}&limit=100`)).toEqual(expected);
    expect(await list(`/products?brand=${q(`${brand},${brand}`)}&limit=100`)).toEqual(expected);
  });

  it('give the same result repeated or comma-delimited', async () => {
    const [a, b] = brandsOf('computer');
    const [repeated, comma, commaReversed] = await Promise.all([
      list(`/products?brand=${q(a!)}&brand=${q(b!)}&limit=100`),
      list(`/products?brand=${q(`${a},${b}`)}&limit=100`),
      list(`/products?brand=${q(`${b},${a}`)}&limit=100`),
    ]);
    expect(repeated).toEqual(expectedPage({ brands: [a!, b!] }, 1, 100));
    expect(comma).toEqual(repeated);
    expect(commaReversed).toEqual(repeated);

    const [typesRepeated, typesComma, none] = await Promise.all([
      list('/products?productType=book&productType=computer&limit=50&page=2'),
      list('/products?productType=book,computer&limit=50&page=2'),
      list('/products?limit=50&page=2'),
    ]);
    expect(typesRepeated).toEqual(none);
    expect(typesComma).toEqual(none);
  });

  it('treat "|" as part of a value, not as a delimiter', async () => {
    const [head = '', tail = ''] = pipeBrand.split('|');
    const expected = expectedPage({ brands: [pipeBrand] }, 1, 100);
    expect(expected.length).toBeGreaterThan(0);
    // Raw "|" in the query and its percent-encoded form are the same value.
    const raw = await list(`/products?brand=${pipeBrand.replaceAll(' ', '%20')}&limit=100`);
    const encoded = await list(`/products?brand=${q(pipeBrand)}&limit=100`);
    expect(raw).toEqual(expected);
    expect(encoded).toEqual(expected);
    expect(raw.every((e) => e.brand === pipeBrand)).toBe(true);
    // Neither half is a brand of its own: split on "|", the listing would be empty.
    expect(await list(`/products?brand=${q(head)},${q(tail)}&limit=100`)).toEqual([]);
  });

  it('combine with each other as AND, values within one as OR', async () => {
    const computerBrands = brandsOf('computer').slice(0, 2);
    const bookBrand = brandsOf('book')[0]!;
    const brands = [...computerBrands, bookBrand];
    const body = await list(`/products?productType=computer&brand=${q(brands.join(','))}&limit=100`);
    expect(body).toEqual(expectedPage({ productTypes: ['computer'], brands }, 1, 100));
    expect(body.some((e) => e.brand === bookBrand)).toBe(false);
  });

  it('answer an empty list for a brand that has no products', async () => {
    expect(await list(`/products?brand=${q('No Such Brand')}`)).toEqual([]);
  });
});

describe('country, business-unit and currency', () => {
  it('country decides the products and prices them in its currency', async () => {
    const country = seededCountry;
    const body = await list(`/products?country=${country.id}&limit=100`);
    expect(body).toEqual(expectedPage({ country: country.id }, 1, 100));
    expect(body.every((e) => e.price?.currency === country.currency)).toBe(true);
    // Not every product is sold everywhere: the country changes the set, not just prices.
    expect(matching({ country: country.id }).length).toBeLessThan(seed.products.length);
  });

  it('country is case-insensitive', async () => {
    const code = euroCountry.id;
    const [upper, lower] = await Promise.all([
      list(`/products?country=${code}&page=2`),
      list(`/products?country=${code.toLowerCase()}&page=2`),
    ]);
    expect(upper).toEqual(expectedPage({ country: code }, 2));
    expect(lower).toEqual(upper);
  });

  it('/countries/{country_id}/products is the country listing, prices included', async () => {
    for (const country of seed.reference.countries) {
      const body = await list(`/countries/${country.id.toLowerCase()}/products?limit=30&page=2`);
      expect(body).toEqual(expectedPage({ country: country.id }, 2, 30));
      expect(body.every((e) => e.price?.currency === country.currency)).toBe(true);
    }
  });

  it('/countries/{country_id}/products takes the other filters as /products does', async () => {
    const country = seededCountry.id;
    const brands = brandsOf('computer').slice(1, 3);
    const path = `productType=computer&brand=${q(brands.join(','))}&limit=10&page=2`;
    const [nested, flat] = await Promise.all([
      list(`/countries/${country}/products?${path}`),
      list(`/products?country=${country}&${path}`),
    ]);
    expect(nested).toEqual(expectedPage({ country, productTypes: ['computer'], brands }, 2, 10));
    expect(flat).toEqual(nested);
  });

  it('business-unit selects that unit and prices at the base price', async () => {
    for (const unit of seed.reference.businessUnits) {
      const body = await list(`/products?business-unit=${unit.id}&limit=100`);
      expect(body).toEqual(expectedPage({ businessUnit: unit.id }, 1, 100));
      expect(body.every((e) => e.price?.currency === rates.base)).toBe(true);
    }
  });

  it('currency converts prices without changing the set', async () => {
    const body = await list(`/products?currency=${foreignCurrency}&limit=100&page=2`);
    expect(body).toEqual(expectedPage({ currency: foreignCurrency }, 2, 100));
    expect(body.every((e) => e.price?.currency === foreignCurrency)).toBe(true);
    const lower = await list(`/products?currency=${foreignCurrency.toLowerCase()}&limit=100&page=2`);
    expect(lower).toEqual(body);
  });

  it('currency converts a country price into another currency', async () => {
    const country = seededCountry;
    const target = rates.base;
    const body = await list(`/products?country=${country.id}&currency=${target}&limit=100`);
    expect(body).toEqual(expectedPage({ country: country.id, currency: target }, 1, 100));
    expect(body.every((e) => e.price?.currency === target)).toBe(true);
  });

  it('all filters together narrow the listing to their intersection', async () => {
    const unit = 'computing';
    const country = seededCountry.id;
    const filter = { country, businessUnit: unit, currency: foreignCurrency, productTypes: ['computer'] };
    const body = await list(
      `/products?country=${country}&business-unit=${unit}&currency=${foreignCurrency}&productType=computer&limit=100`,
    );
    expect(body).toEqual(expectedPage(filter, 1, 100));
    expect(body.length).toBeGreaterThan(0);
  });
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
