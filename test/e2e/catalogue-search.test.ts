/**
 * Search (issue 15, docs/decisions/search-engine.md D68): the criteria object, answered from the active version's
 * search snapshot in memory, over the sandbox's seed. What each answer must hold is computed from
 * the seed itself, the same catalogue the sandbox serves.
 */
import { type Language, translate } from '#commons/languages';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { gigabytes } from '#functions/catalogue/domain/search-document';
import { fold } from '#functions/catalogue/domain/text-folding';
import { api } from './support/api';
import { convert, type ListingElement, list, q } from './support/listing-expectations';
import { seed } from './support/seed';

const post = (criteria: unknown, language: Language = 'en') =>
  list('/products/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': language },
    body: JSON.stringify(criteria),
  });
const ids = (elements: readonly ListingElement[]) => elements.map((e) => Number(e.id));
const byId = (a: number, b: number) => a - b;

/** The seed's products whose texts in `language` hold every word (the last one also as a prefix). */
const matchingText = (text: string, language: Language) => {
  const words = fold(text).split(/\s+/).filter(Boolean);
  return seed.products
    .filter((p) => {
      const tokens = [p.label, p.title, p.description].flatMap((t) =>
        fold(translate(t, language)).split(/[\n\r\p{Z}\p{P}]+/u),
      );
      return words.every((word, i) =>
        tokens.some(
          (token) => token === word || (i === words.length - 1 && word.length >= 3 && token.startsWith(word)),
        ),
      );
    })
    .map((p) => p.id)
    .sort(byId);
};

describe('text', () => {
  it('finds a French word in the French texts, and answers with the French label', async () => {
    const found = await post({ text: 'jardin', limit: 100 }, 'fr');
    expect(ids(found)).toEqual(matchingText('jardin', 'fr'));
    expect(found.length).toBeGreaterThan(0);
    for (const element of found) expect(fold(element.label)).toContain('jardin');
    // The same word is not English: in English it finds nothing.
    expect(await post({ text: 'jardin' }, 'en')).toEqual([]);
  });

  it('ignores case and accents: riviere, RIVIÈRE and rivière find the same products', async () => {
    const [plain, upper, accented] = await Promise.all(
      ['riviere', 'RIVIÈRE', 'rivière'].map((text) => post({ text, limit: 100 }, 'fr')),
    );
    expect(ids(plain!)).toEqual(matchingText('rivière', 'fr'));
    expect(plain!.length).toBeGreaterThan(0);
    expect(upper).toEqual(plain);
    expect(accented).toEqual(plain);
  });

  it('takes the last word as the start of a word from its third letter on, never with two', async () => {
    // A word of the English texts whose first two and three letters are no whole word of them.
    const tokens = new Set(
      seed.products.flatMap((p) =>
        [p.label, p.title, p.description].flatMap((t) =>
          fold(translate(t, 'en')).split(/[\n\r\p{Z}\p{P}]+/u),
        ),
      ),
    );
    const word = [...tokens]
      .filter((t) => /^[a-z]{5,}$/.test(t) && !tokens.has(t.slice(0, 2)) && !tokens.has(t.slice(0, 3)))
      .sort()[0]!;
    expect(word).toBeDefined();
    expect(await post({ text: word.slice(0, 2), limit: 100 })).toEqual([]);
    const three = await post({ text: word.slice(0, 3), limit: 100 });
    expect(ids(three)).toEqual(matchingText(word.slice(0, 3), 'en'));
    expect(ids(three)).toEqual(expect.arrayContaining(matchingText(word, 'en')));
    expect(three.length).toBeGreaterThan(0);
    // Only the last word: the same three letters before another word match nothing.
    expect(await post({ text: `${word.slice(0, 3)} ${word}`, limit: 100 })).toEqual([]);
  });

  it('falls back to English where a text is not translated', async () => {
    // Ids divisible by 13 are English only: an English word of theirs is found in French too.
    const englishOnly = seed.products.find((p) => p.id % 13 === 0 && p.label.fr === undefined)!;
    const word = englishOnly.label.en.split(/\s+/)[0]!;
    expect(ids(await post({ text: word, limit: 100 }, 'fr'))).toContain(englishOnly.id);
  });
});

describe('price, attributes and stock', () => {
  it('a price range in GBP for country=GB holds only products sold in GB within it, priced in GBP', async () => {
    const found = await post({ country: 'GB', price: { min: 10, max: 20 }, limit: 100 });
    const expected = seed.products
      .filter((p) => p.prices.GB && p.prices.GB.value >= 10 && p.prices.GB.value <= 20)
      .map((p) => p.id)
      .sort(byId);
    expect(ids(found)).toEqual(expected);
    expect(found.length).toBeGreaterThan(0);
    for (const element of found) expect(element.price?.currency).toBe('GBP');
  });

  it('a price range in another currency compares converted prices', async () => {
    const found = await post({ currency: 'USD', price: { max: 30 }, limit: 100 });
    const expected = seed.products
      .filter((p) => convert(p.basePrice, 'USD').value <= 30)
      .map((p) => p.id)
      .sort(byId);
    expect(ids(found)).toEqual(expected.slice(0, 100));
  });

  it('RAM of at least 16 GB finds only such computers', async () => {
    const found = await post({ computer: { ram_gb: { min: 16 } }, limit: 100 });
    const expected = seed.products
      .filter((p) => p.computer && (gigabytes(p.computer.ram) ?? 0) >= 16)
      .map((p) => p.id)
      .sort(byId);
    expect(ids(found)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(seed.products.filter((p) => p.type === 'computer').length);
  });

  it('a book author matches without case or accents', async () => {
    const author = seed.products.find((p) => p.author === 'Lucía Romero')!.author!;
    const found = await post({ book: { author: 'lucia romero' }, limit: 100 });
    expect(ids(found)).toEqual(
      seed.products
        .filter((p) => p.author === author)
        .map((p) => p.id)
        .sort(byId),
    );
  });

  it('in_stock at one location holds exactly the products with a quantity there', async () => {
    const inStock = new Set(
      seed.stocks.filter((s) => s.locationId === 'paris-1' && s.quantity > 0).map((s) => s.productId),
    );
    const walked = [
      ...(await post({ in_stock: { location_id: 'paris-1' }, limit: 100 })),
      ...(await post({ in_stock: { location_id: 'paris-1' }, limit: 100, page: 2 })),
    ];
    expect(ids(walked)).toEqual([...inStock].sort(byId));
    expect(inStock.size).toBeLessThan(seed.products.length);
    expect(await post({ in_stock: { location_id: 'atlantis-9' } })).toEqual([]);
  });
});

describe('sort', () => {
  const walk = async (criteria: Record<string, unknown>, limit: number) => {
    const walked: ListingElement[] = [];
    for (let page = 1; ; page++) {
      const body = await post({ ...criteria, limit, page });
      walked.push(...body);
      if (body.length < limit) return walked;
    }
  };
  const priceOf = (p: ProductRecord) => p.prices.FR?.value;

  it.each([
    ['id', { sort: 'id' }, (a: ProductRecord, b: ProductRecord) => a.id - b.id],
    [
      'price',
      { sort: 'price' },
      (a: ProductRecord, b: ProductRecord) => priceOf(a)! - priceOf(b)! || a.id - b.id,
    ],
    [
      '-price',
      { sort: '-price' },
      (a: ProductRecord, b: ProductRecord) => priceOf(b)! - priceOf(a)! || a.id - b.id,
    ],
  ] as const)('%s is a stable order across pages', async (_, sort, order) => {
    const criteria = { ...sort, country: 'FR' };
    const walked = await walk(criteria, 7);
    const expected = seed.products.filter((p) => priceOf(p) !== undefined).sort(order);
    expect(ids(walked)).toEqual(expected.map((p) => p.id));
  });

  it('relevance puts label matches first and is stable across pages', async () => {
    const criteria = { text: 'portable', sort: 'relevance' };
    const [walked, one] = await Promise.all([walk(criteria, 3), post({ ...criteria, limit: 100 })]);
    expect(walked).toEqual(one);
    expect(ids(one).sort(byId)).toEqual(matchingText('portable', 'en'));
  });

  it('relevance without text is a 400 naming sort', async () => {
    const response = await api('/products/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sort: 'relevance' }),
    });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: 'invalid_request', message: "The field 'sort' is invalid." },
    });
  });
});

describe('the criteria object', () => {
  it('gives the same answer posted and in searchCriteria', async () => {
    const criteria = {
      text: 'ordinateur',
      computer: { ram_gb: { min: 16 } },
      country: 'FR',
      sort: '-price',
      limit: 5,
    };
    const [viaQuery, viaBody] = await Promise.all([
      list(`/products?searchCriteria=${q(JSON.stringify(criteria))}`, {
        headers: { 'accept-language': 'fr' },
      }),
      post(criteria, 'fr'),
    ]);
    expect(viaBody.length).toBeGreaterThan(0);
    expect(viaQuery).toEqual(viaBody);
  });

  it.each([
    [
      'a nested criterion of the wrong type',
      { computer: { ram_gb: { min: '16' } } },
      "The field 'computer.ram_gb.min' is invalid.",
    ],
    [
      'a nested criterion it does not define',
      { computer: { gpu: 'any' } },
      "The field 'computer.gpu' is not supported.",
    ],
    ['a criterion it does not define', { colour: 'red' }, "The field 'colour' is not supported."],
    ['text of the wrong type', { text: 42 }, "The field 'text' is invalid."],
  ])('%s is a 400 naming it', async (_, criteria, message) => {
    for (const response of await Promise.all([
      api('/products/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(criteria),
      }),
      api(`/products?searchCriteria=${q(JSON.stringify(criteria))}`),
    ])) {
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: { code: 'invalid_request', message },
      });
    }
  });
});
