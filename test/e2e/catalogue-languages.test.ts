/**
 * `Accept-Language` over HTTP (spec rules 1–5, docs/decisions/http-requests.md D8): labels in the asked language, quality values,
 * the English fallback, and the rule that the header changes only text — never which products
 * are listed, their prices or their currency.
 */

import type { Language, Translated } from '#commons/languages';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { api } from './support/api';
import { seed } from './support/seed';

const OTHER_LANGUAGES = ['fr', 'de', 'es', 'it'] as const;

/** What a client should read in `language`: the translation, or English when it is missing. */
const text = (translated: Translated, language: Language) => translated[language] ?? translated.en;

const sorted = [...seed.products].sort((a, b) => a.id - b.id);
const fullyTranslated = sorted.find((p) => OTHER_LANGUAGES.every((l) => p.label[l] !== undefined))!;
/**
 * A product without a label in `language`: one with other translations when the seed has one
 * (only this language falls back), else one in English only.
 */
const missingOnly = (language: Language) =>
  sorted.find(
    (p) => p.label[language] === undefined && OTHER_LANGUAGES.some((l) => p.label[l] !== undefined),
  ) ?? sorted.find((p) => p.label[language] === undefined)!;
const englishOnly = sorted.find((p) => OTHER_LANGUAGES.every((l) => p.label[l] === undefined))!;

const inLanguage = (language?: string): RequestInit =>
  language === undefined ? {} : { headers: { 'accept-language': language } };

const get = async (path: string, language?: string) => {
  const response = await api(path, inLanguage(language));
  expect({ path, language, status: response.status }).toEqual({ path, language, status: 200 });
  return response;
};

interface ListingElement {
  id: string;
  label: string;
  type: string;
  brand: string;
  price?: { value: number; currency: string };
}

const withoutLabel = ({ label: _label, ...rest }: ListingElement) => rest;

/** Content-Language of a list of labels in `language` (D17): the languages the labels are in, the asked one first. */
const servedIn = (labels: readonly Translated[], language: Language) =>
  [
    ...(labels.some((l) => l[language] !== undefined) ? [language] : []),
    ...(labels.some((l) => l[language] === undefined) ? ['en'] : []),
  ].join(', ');

describe('the language of labels', () => {
  it('is English without the header, and says so', async () => {
    const { body, headers } = await get(`/products/${fullyTranslated.id}`);
    expect(body).toMatchObject({
      label: fullyTranslated.label.en,
      title: fullyTranslated.title.en,
      description: fullyTranslated.description.en,
    });
    expect(headers.get('content-language')).toBe('en');
    expect(headers.get('vary') ?? '').toMatch(/(^|,\s*)accept-language(\s*,|$)/i);
  });

  it.each(OTHER_LANGUAGES)(
    'is the asked language (%s) on the product, with Content-Language',
    async (language) => {
      const { body, headers } = await get(`/products/${fullyTranslated.id}`, language);
      expect(body).toMatchObject({
        label: fullyTranslated.label[language],
        title: fullyTranslated.title[language],
        description: fullyTranslated.description[language],
      });
      expect(fullyTranslated.label[language]).not.toBe(fullyTranslated.label.en);
      expect(headers.get('content-language')).toBe(language);
      expect(headers.get('vary') ?? '').toMatch(/accept-language/i);
    },
  );

  it('is the asked language in listings', async () => {
    const { body, headers } = await get('/products?limit=100', 'de');
    const expected = sorted.slice(0, 100).map((p) => text(p.label, 'de'));
    expect((body as ListingElement[]).map((e) => e.label)).toEqual(expected);
    expect(headers.get('content-language')).toBe(
      servedIn(
        sorted.slice(0, 100).map((p) => p.label),
        'de',
      ),
    );
    expect(headers.get('content-language')).toBe('de, en');
    expect(headers.get('vary') ?? '').toMatch(/accept-language/i);
  });

  it.each([
    ['de;q=0.5, it;q=0.9', 'it'],
    ['fr;q=0.1, es', 'es'],
    ['es-ES, es;q=0.9, en;q=0.8', 'es'],
    ['fr-CH', 'fr'],
    ['xx-YY, de;q=0.3', 'de'],
    ['en;q=0.2, fr;q=0.4, it;q=0.3', 'fr'],
    ['it;q=0, de', 'de'],
    ['de;Q=0.1, fr;q=0.5', 'fr'],
    ['*', 'en'],
    ['ja', 'en'],
  ])('honours quality values: "%s" reads as %s', async (header, language) => {
    const { body, headers } = await get(`/products/${fullyTranslated.id}`, header);
    expect((body as { label: string }).label).toBe(fullyTranslated.label[language as Language]);
    expect(headers.get('content-language')).toBe(language);
  });
});

describe('the seed’s Japanese labels (every id divisible by 3)', () => {
  const japanese = sorted.find((p) => p.label.ja !== undefined)!;

  it('are served under Accept-Language: ja, the title falling back to English', async () => {
    const { body, headers } = await get(`/products/${japanese.id}`, 'ja-JP');
    expect(body).toMatchObject({ label: japanese.label.ja, title: japanese.title.en });
    expect(headers.get('content-language')).toBe('ja, en');
    const labelOnly = await get(`/products/${japanese.id}?fields=id,label`, 'ja');
    expect(labelOnly.body).toEqual({ id: japanese.id, label: japanese.label.ja });
    expect(labelOnly.headers.get('content-language')).toBe('ja');
  });

  it('are searched in Japanese: a word inside a longer label finds every product that has it', async () => {
    const response = await api('/products/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'ja' },
      body: JSON.stringify({ text: 'ノートパソコン', limit: 100 }),
    });
    expect(response.status).toBe(200);
    const expected = sorted.filter((p) => p.label.ja?.includes('ノートパソコン')).map((p) => String(p.id));
    expect(expected.length).toBeGreaterThan(5);
    expect((response.body as ListingElement[]).map((e) => e.id)).toEqual(expected);
  });

  it('are listed in Japanese where a product has one, in English elsewhere', async () => {
    const { body, headers } = await get('/products?limit=6', 'ja');
    expect((body as ListingElement[]).map((e) => e.label)).toEqual(
      sorted.slice(0, 6).map((p) => text(p.label, 'ja')),
    );
    expect(headers.get('content-language')).toBe('ja, en');
  });
});

describe('a missing translation', () => {
  it.each(OTHER_LANGUAGES)('falls back to English for a product without %s text', async (language) => {
    const product = missingOnly(language);
    expect(product).toBeDefined();
    const { body } = await get(`/products/${product.id}`, language);
    expect(body).toMatchObject({ id: product.id, label: product.label.en, title: product.title.en });
  });

  it('falls back per product within one listing page', async () => {
    const product = missingOnly('it');
    const page = Math.floor(sorted.indexOf(product) / 10) + 1;
    const { body } = await get(`/products?limit=10&page=${page}`, 'it');
    const elements = body as ListingElement[];
    const expected = sorted.slice((page - 1) * 10, page * 10);
    expect(elements.map((e) => e.label)).toEqual(expected.map((p) => text(p.label, 'it')));
    expect(elements.find((e) => e.id === String(product.id))?.label).toBe(product.label.en);
    // The same page also holds Italian labels: the fallback is per product, not per response.
    expect(expected.some((p) => p.label.it !== undefined)).toBe(true);
  });

  it('falls back to English for a product with English text only, in every language', async () => {
    for (const language of OTHER_LANGUAGES) {
      const { body } = await get(`/products/${englishOnly.id}`, language);
      expect((body as { label: string }).label).toBe(englishOnly.label.en);
    }
  });

  it('names English in Content-Language when every text fell back to it (D17)', async () => {
    for (const language of OTHER_LANGUAGES) {
      const { body, headers } = await get(`/products/${englishOnly.id}`, language);
      expect((body as { title: string }).title).toBe(englishOnly.title.en);
      expect(headers.get('content-language')).toBe('en');
    }
  });

  it('falls back on the book view and the reference lists too', async () => {
    const bookMissing = sorted.find(
      (p: ProductRecord) => p.type === 'book' && p.book?.backCover.it === undefined,
    )!;
    const { body } = await get(`/books/${bookMissing.id}`, 'it');
    expect(body).toMatchObject({ title: bookMissing.title.en, back_cover: bookMissing.book!.backCover.en });

    const units = await get('/business-units', 'it');
    expect(units.body).toEqual(
      seed.reference.businessUnits.map((u) => ({ id: u.id, label: text(u.label, 'it') })),
    );
    expect(seed.reference.businessUnits.some((u) => u.label.it === undefined)).toBe(true);
  });
});

describe('the header changes only text', () => {
  it('the single product keeps every non-text field', async () => {
    const [en, fr] = await Promise.all([
      get(`/products/${fullyTranslated.id}`),
      get(`/products/${fullyTranslated.id}`, 'fr'),
    ]);
    const nonText = ({ label: _l, title: _t, description: _d, ...rest }: Record<string, unknown>) => rest;
    expect(nonText(fr.body as Record<string, unknown>)).toEqual(nonText(en.body as Record<string, unknown>));
  });

  it.each([
    ['an unscoped listing', '/products?limit=100'],
    ['a country listing', `/products?country=${seed.reference.countries.at(-1)!.id}&limit=100`],
    ['a converted listing', '/products?currency=GBP&limit=100&page=2'],
    ['a business-unit listing', '/products?business-unit=computing&limit=100'],
    ['the country route', `/countries/${seed.reference.countries[0]!.id}/products?limit=100`],
  ])('%s keeps its ids, prices and currencies in every language', async (_, path) => {
    const english = ((await get(path)).body as ListingElement[]).map(withoutLabel);
    expect(english.length).toBeGreaterThan(0);
    for (const language of OTHER_LANGUAGES) {
      const translated = ((await get(path, language)).body as ListingElement[]).map(withoutLabel);
      expect(translated).toEqual(english);
    }
  });

  it('a regional tag does not scope the listing to a country', async () => {
    const [plain, regional] = await Promise.all([
      get('/products?limit=100'),
      get('/products?limit=100', 'fr-FR'),
    ]);
    const elements = regional.body as ListingElement[];
    expect(elements.map(withoutLabel)).toEqual((plain.body as ListingElement[]).map(withoutLabel));
    expect(elements.some((e) => e.price !== undefined)).toBe(false);
  });

  it('the search route keeps its result in every language', async () => {
    const search = (language?: string) =>
      api('/products/search', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(language ? { 'accept-language': language } : {}),
        },
        body: JSON.stringify({ country: seed.reference.countries[1]!.id, limit: 30 }),
      });
    const english = await search();
    const german = await search('de');
    expect(german.status).toBe(200);
    const found = (german.body as ListingElement[]).map(
      (e) => sorted.find((p) => String(p.id) === e.id)!.label,
    );
    expect(german.headers.get('content-language')).toBe(servedIn(found, 'de'));
    expect((german.body as ListingElement[]).map(withoutLabel)).toEqual(
      (english.body as ListingElement[]).map(withoutLabel),
    );
  });
});

describe('country and Accept-Language together', () => {
  it('the country decides products and prices, the header the label language', async () => {
    const country = seed.reference.countries.find((c) => c.currency !== seed.reference.rates.base)!;
    const language: Language = 'de';
    const sold = sorted.filter((p) => p.prices[country.id] !== undefined).slice(0, 100);
    const expected = sold.map((p) => ({
      id: String(p.id),
      label: text(p.label, language),
      type: p.type,
      brand: p.brand,
      price: p.prices[country.id],
    }));
    const [viaQuery, viaPath] = await Promise.all([
      get(`/products?country=${country.id}&limit=100`, language),
      get(`/countries/${country.id}/products?limit=100`, language),
    ]);
    expect(viaQuery.body).toEqual(expected);
    expect(viaPath.body).toEqual(expected);
    expect(viaQuery.headers.get('content-language')).toBe(
      servedIn(
        sold.map((p) => p.label),
        language,
      ),
    );
  });

  it('a header naming another country changes neither products nor currency', async () => {
    const country = seed.reference.countries.find((c) => c.currency !== seed.reference.rates.base)!;
    const [plain, other] = await Promise.all([
      get(`/countries/${country.id}/products?limit=100`),
      get(`/countries/${country.id}/products?limit=100`, 'fr-FR, fr;q=0.9'),
    ]);
    const elements = other.body as ListingElement[];
    expect(elements.map(withoutLabel)).toEqual((plain.body as ListingElement[]).map(withoutLabel));
    expect(elements.every((e) => e.price?.currency === country.currency)).toBe(true);
    const byId = new Map(sorted.map((p) => [String(p.id), p]));
    expect(elements.map((e) => e.label)).toEqual(elements.map((e) => text(byId.get(e.id)!.label, 'fr')));
  });

  it('/countries labels follow the header', async () => {
    const { body } = await get('/countries', 'es');
    expect(body).toEqual(
      seed.reference.countries.map((c) => ({ id: c.id, label: text(c.label, 'es'), currency: c.currency })),
    );
  });
});
