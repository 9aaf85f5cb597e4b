import { seedCatalogue } from '#local/seed/catalogue-seed';
import { BOOK_BRANDS, COMPUTER_BRANDS } from '#local/seed/product-seed';
import { seedLocations } from '#local/seed/reference-seed';
import { sandboxSeed } from '#local/seed/seed-items';
import { missingLanguages } from '#local/seed/seed-texts';

const { products, stocks, reference } = seedCatalogue();
const currencyOf = new Map(reference.countries.map((c) => [c.id, c.currency]));

describe('the sandbox seed', () => {
  it('is the same on every call (no clock, no Math.random)', () => {
    expect(seedCatalogue()).toEqual(seedCatalogue());
    expect(sandboxSeed().items).toEqual(sandboxSeed().items);
  });

  it('has 200 products, ids 1..200: 120 books and 80 computers', () => {
    expect(products.map((p) => p.id)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(products.filter((p) => p.type === 'book')).toHaveLength(120);
    expect(products.filter((p) => p.type === 'computer')).toHaveLength(80);
  });

  it('uses several brands per type, one with a pipe in its name', () => {
    expect(new Set(products.filter((p) => p.type === 'book').map((p) => p.brand))).toEqual(
      new Set(BOOK_BRANDS),
    );
    expect(new Set(products.filter((p) => p.type === 'computer').map((p) => p.brand))).toEqual(
      new Set(COMPUTER_BRANDS),
    );
    expect(products.some((p) => p.brand === 'Pipe|Line Editions')).toBe(true);
  });

  it('has 5 business units, each used, and the six countries with their currencies', () => {
    expect(reference.businessUnits.map((u) => u.id)).toEqual([
      'books',
      'education',
      'computing',
      'gaming',
      'professional',
    ]);
    for (const unit of reference.businessUnits)
      expect(products.some((p) => p.businessUnit === unit.id)).toBe(true);
    expect(reference.countries.map((c) => `${c.id}:${c.currency}`)).toEqual([
      'FR:EUR',
      'DE:EUR',
      'ES:EUR',
      'IT:EUR',
      'GB:GBP',
      'US:USD',
    ]);
    expect(reference.rates.base).toBe('EUR');
    expect(Object.keys(reference.rates.rates).sort()).toEqual([
      'CAD',
      'CHF',
      'GBP',
      'JPY',
      'KWD',
      'SEK',
      'USD',
    ]);
  });

  it('prices each product in 3 to 6 countries, in their currencies, at .99', () => {
    for (const p of products) {
      const prices = Object.entries(p.prices);
      expect(prices.length).toBeGreaterThanOrEqual(3);
      expect(prices.length).toBeLessThanOrEqual(6);
      for (const [country, price] of [...prices, ['', p.basePrice] as const]) {
        expect(price.currency).toBe(country ? currencyOf.get(country) : 'EUR');
        expect(Math.round(price.value * 100) % 100).toBe(99);
      }
    }
  });

  it('drops translations by the documented rule only', () => {
    expect(missingLanguages(13 * 7)).toEqual(['fr', 'de', 'es', 'it']);
    expect(missingLanguages(77)).toEqual(['de', 'it']);
    expect(missingLanguages(1)).toEqual([]);
    for (const p of products) {
      const missing = missingLanguages(p.id);
      for (const text of [p.label, p.title, p.description, ...(p.book ? [p.book.backCover] : [])]) {
        expect(text.en).toEqual(expect.any(String));
        for (const language of ['fr', 'de', 'es', 'it'] as const) {
          expect([language, text[language] === undefined]).toEqual([language, missing.includes(language)]);
        }
      }
    }
    // Each language is missing alone somewhere, and some products are English only.
    for (const language of ['fr', 'de', 'es', 'it'] as const) {
      expect(products.some((p) => missingLanguages(p.id).join() === language)).toBe(true);
    }
  });

  it('gives books an author and book details, computers none and computer details', () => {
    for (const p of products) {
      if (p.type === 'book') {
        expect(p).toMatchObject({ author: expect.any(String), book: { publisher: p.brand } });
        expect(p.computer).toBeUndefined();
      } else {
        expect(p).toMatchObject({ author: null, computer: { ram: expect.stringMatching(/ GB$/) } });
        expect(p.book).toBeUndefined();
      }
      expect(p.images.length).toBeGreaterThan(0);
      for (const url of p.images)
        expect(url).toMatch(new RegExp(`^https://images\\.example\\.com/products/${p.id}/\\d\\.jpg$`));
      expect(p.ratings.average).toBeGreaterThanOrEqual(1);
      expect(p.ratings.average).toBeLessThanOrEqual(5);
    }
  });

  it('has a stock level for each product at each of the six locations', () => {
    expect(stocks).toHaveLength(products.length * seedLocations.length);
    expect(new Set(stocks.map((s) => s.updatedAt)).size).toBe(1);
    expect(stocks.some((s) => s.quantity === 0)).toBe(true);
  });
});
