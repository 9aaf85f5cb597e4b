import {
  brandsOf,
  euroCountry,
  expectedPage,
  foreignCurrency,
  list,
  matching,
  pipeBrand,
  q,
  rates,
  seededCountry,
} from './support/listing-expectations';
import { seed } from './support/seed';

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
