/** Each rule of a catalogue file (docs/catalogue.md), as a team filling a stage would break it. */
import { parseCatalogue } from '#functions/catalogue/domain/catalogue-file';
import { AT, exampleLines, exampleWith, fileOf } from './catalogue-file-fixtures';

const errorsOf = (text: string) => {
  const parse = parseCatalogue(text);
  return parse.ok ? [] : parse.errors;
};
const change = (index: number, fields: Record<string, unknown>) =>
  errorsOf(exampleWith(index, (line) => ({ ...line, ...fields })));

describe('one line against its schema', () => {
  it.each([
    ['an unknown field', AT.france, { region: 'EU' }, 'country has an unknown field "region"'],
    ['a label without English', AT.books, { label: { fr: 'Livres' } }, 'business_unit.label.en is missing'],
    [
      'a language that is not a BCP 47 tag',
      AT.books,
      { label: { en: 'Books', pt_BR: 'Livros' } },
      'business_unit.label has a key "pt_BR" that is not a BCP 47 language tag',
    ],
    [
      'a language tag with a private use part',
      AT.book,
      { label: { en: 'The Map', 'en-x-pirate': 'Ye Map' } },
      'product.label has a key "en-x-pirate" that is not a BCP 47 language tag',
    ],
    ['a lower-case country code', AT.france, { id: 'fr' }, 'country.id must match pattern "^[A-Z]{2}$"'],
    ['a three-letter country code', AT.france, { id: 'FRA' }, 'country.id must match pattern "^[A-Z]{2}$"'],
    [
      'a currency that is not ISO 4217',
      AT.britain,
      { currency: 'Pound' },
      'country.currency must match pattern "^[A-Z]{3}$"',
    ],
    [
      'a business unit id with spaces',
      AT.books,
      { id: 'Old books' },
      'business_unit.id must match pattern "^[a-z0-9][a-z0-9-]{0,39}$"',
    ],
    ['a product id of 0', AT.book, { id: 0 }, 'product.id must be >= 1'],
    ['a product id beyond 2^31-1', AT.book, { id: 2 ** 31 }, 'product.id must be <= 2147483647'],
    ['a product id with a fraction', AT.book, { id: 1.5 }, 'product.id must be integer'],
    ['a product id as a string', AT.book, { id: '1' }, 'product.id must be integer'],
    ['an unknown product type', AT.book, { type: 'tablet' }, 'product.type must be one of book, computer'],
    ['a book without its details', AT.book, { book: undefined }, 'product.book is missing'],
    [
      'a computer with book details',
      AT.computer,
      { book: exampleLines()[AT.book]!.book },
      'product.book is not allowed here',
    ],
    [
      'an image that is not https',
      AT.book,
      { images: ['http://images.example.com/1.jpg'] },
      'product.images[0] must match pattern "^https://"',
    ],
    [
      'a negative price',
      AT.book,
      { basePrice: { value: -1, currency: 'EUR' } },
      'product.basePrice.value must be >= 0',
    ],
    [
      'a price for a lower-case country',
      AT.book,
      { prices: { fr: { value: 1, currency: 'EUR' } } },
      'product.prices has a key "fr" that must match pattern "^[A-Z]{2}$"',
    ],
    [
      'a rating above 5',
      AT.book,
      { ratings: { average: 5.5, count: 1 } },
      'product.ratings.average must be <= 5',
    ],
    ['an empty brand', AT.book, { brand: '' }, 'product.brand must NOT have fewer than 1 characters'],
    ['a negative quantity', AT.stock, { quantity: -3 }, 'stock.quantity must be >= 0'],
    ['a quantity with a fraction', AT.stock, { quantity: 2.5 }, 'stock.quantity must be integer'],
    [
      'a stock date that is not a date-time',
      AT.stock,
      { updatedAt: '15/01/2026' },
      'stock.updatedAt must match format "date-time"',
    ],
    [
      'a location id in capitals',
      AT.stock,
      { locationId: 'PARIS-1' },
      'stock.locationId must match pattern "^[a-z0-9][a-z0-9-]{0,39}$"',
    ],
    ['a rate of zero', AT.rates, { rates: { GBP: 0 } }, 'exchange_rates.rates.GBP must be > 0'],
  ])('refuses %s', (_, index, fields, message) => {
    expect(change(index, fields)).toEqual([{ line: index + 1, message }]);
  });

  it('refuses an overlong text without quoting it', () => {
    const [error] = change(AT.book, { brand: 'B'.repeat(5000) });
    expect(error).toEqual({ line: 5, message: 'product.brand must NOT have more than 200 characters' });
  });

  it('cuts a hostile field name short in its message', () => {
    const [error] = change(AT.france, { ['k'.repeat(500)]: 1 });
    expect(error!.message.length).toBeLessThan(100);
  });
});

describe('rules between lines', () => {
  const withExtra = (...extra: Record<string, unknown>[]) => errorsOf(fileOf([...exampleLines(), ...extra]));

  it.each([
    ['product', AT.book, 'product 1 is already declared on line 5'],
    ['country', AT.france, 'country FR is already declared on line 2'],
    ['business unit', AT.books, 'business unit books is already declared on line 4'],
    [
      'stock level (product and location)',
      AT.stock,
      'stock of product 1 at paris-1 is already declared on line 7',
    ],
    ['exchange_rates line', AT.rates, 'an exchange_rates line is already declared on line 1'],
  ])('refuses a second %s with the line of the first', (_, index, message) => {
    expect(withExtra(exampleLines()[index]!)).toEqual([{ line: 9, message }]);
  });

  it('refuses a file without exchange rates, as a whole', () => {
    expect(errorsOf(fileOf(exampleLines().slice(1)))).toEqual([
      { line: 0, message: 'the file has no exchange_rates line' },
    ]);
  });

  it('refuses rates that list the base currency', () => {
    expect(change(AT.rates, { rates: { GBP: 0.85, EUR: 1 } })).toEqual([
      { line: 1, message: 'exchange_rates.rates lists the base currency EUR' },
    ]);
  });

  it('refuses a country whose currency has no exchange rate (and the prices given in it)', () => {
    expect(change(AT.britain, { currency: 'CHF' })).toEqual([
      { line: 3, message: 'country.currency CHF has no exchange rate' },
      { line: 5, message: "product.prices.GB.currency must be CHF, the country's currency" },
    ]);
  });

  it('refuses a product of a business unit the file does not declare', () => {
    expect(change(AT.computer, { businessUnit: 'gaming' })).toEqual([
      { line: 6, message: 'product.businessUnit gaming is not a business unit of this file' },
    ]);
  });

  it('refuses a price in a country the file does not declare', () => {
    expect(change(AT.computer, { prices: { US: { value: 1079, currency: 'USD' } } })).toEqual([
      { line: 6, message: 'product.prices.US is not a country of this file' },
    ]);
  });

  it('refuses a price in another currency than its country’s', () => {
    expect(change(AT.computer, { prices: { GB: { value: 999, currency: 'EUR' } } })).toEqual([
      { line: 6, message: "product.prices.GB.currency must be GBP, the country's currency" },
    ]);
  });

  it('refuses a base price outside the base currency', () => {
    expect(change(AT.computer, { basePrice: { value: 849, currency: 'GBP' } })).toEqual([
      { line: 6, message: 'product.basePrice.currency must be the base currency EUR' },
    ]);
  });

  it('refuses a stock level of a product the file does not hold', () => {
    expect(change(AT.stock, { productId: 3 })).toEqual([
      { line: 7, message: 'stock.productId 3 is not a product of this file' },
    ]);
  });

  it('refuses a price its currency cannot hold, naming the field and the decimals allowed', () => {
    const rates = { kind: 'exchange_rates', base: 'EUR', rates: { GBP: 0.85, JPY: 162.5, KWD: 0.3305 } };
    const japan = { kind: 'country', id: 'JP', label: { en: 'Japan' }, currency: 'JPY' };
    const kuwait = { kind: 'country', id: 'KW', label: { en: 'Kuwait' }, currency: 'KWD' };
    const priced = (prices: Record<string, unknown>) => {
      const lines = exampleLines();
      lines[AT.rates] = rates;
      lines[AT.book] = { ...lines[AT.book]!, prices };
      return errorsOf(fileOf([...lines, japan, kuwait]));
    };
    expect(priced({ JP: { value: 3200, currency: 'JPY' }, KW: { value: 7.125, currency: 'KWD' } })).toEqual(
      [],
    );
    expect(priced({ JP: { value: 1234.56, currency: 'JPY' } })).toEqual([
      { line: 5, message: 'product.prices.JP.value has more decimals than JPY has (0)' },
    ]);
    expect(priced({ KW: { value: 1.2345, currency: 'KWD' } })).toEqual([
      { line: 5, message: 'product.prices.KW.value has more decimals than KWD has (3)' },
    ]);
    expect(change(AT.computer, { basePrice: { value: 999.001, currency: 'EUR' } })).toEqual([
      { line: 6, message: 'product.basePrice.value has more decimals than EUR has (2)' },
    ]);
  });

  it('takes texts in any well-formed language, in any script, counted in characters', () => {
    const label = {
      en: 'The Map',
      ja: '東京の美味しいラーメン',
      'zh-Hant': '地圖',
      pl: 'Żółta łódź',
      el: 'Ο χάρτης',
      ar: 'الخريطة',
      'pt-BR': 'O Mapa',
      'sr-Latn': 'Mapa',
    };
    expect(change(AT.book, { label })).toEqual([]);
    // 200 characters of kanji (600 bytes of UTF-8) or of emoji (two UTF-16 units each) are a label; 201 are not.
    expect(change(AT.book, { label: { en: 'x', ja: '地'.repeat(200), ko: '🗺'.repeat(200) } })).toEqual([]);
    expect(change(AT.book, { label: { en: 'x', ja: '地'.repeat(201) } })).toEqual([
      { line: 5, message: 'product.label.ja must NOT have more than 200 characters' },
    ]);
  });

  it('refuses a line too large for one table item in UTF-8, though short enough in characters', () => {
    const languages = [
      'en',
      'ja',
      'zh',
      'ko',
      'th',
      'km',
      'lo',
      'my',
      'hi',
      'bn',
      'ta',
      'te',
      'mr',
      'gu',
      'kn',
      'ml',
      'pa',
      'or',
      'si',
      'ne',
      'am',
      'ti',
      'ka',
      'hy',
      'he',
    ];
    const description = Object.fromEntries(languages.map((tag) => [tag, '説'.repeat(5000)]));
    expect(change(AT.book, { description })).toEqual([
      { line: 5, message: 'line is longer than 350000 bytes of UTF-8' },
    ]);
    expect(
      change(AT.book, {
        description: Object.fromEntries(languages.slice(0, 20).map((tag) => [tag, '説'.repeat(5000)])),
      }),
    ).toEqual([]);
  });

  it('asks for each language tag in its canonical form', () => {
    expect(change(AT.books, { label: { en: 'Books', 'pt-br': 'Livros' } })).toEqual([
      { line: 4, message: 'business_unit.label has the language "pt-br", which is written pt-BR' },
    ]);
    expect(
      change(AT.book, {
        book: { ...(exampleLines()[AT.book]!.book as object), backCover: { en: 'x', 'zh-hant': 'y' } },
      }),
    ).toEqual([
      { line: 5, message: 'product.book.backCover has the language "zh-hant", which is written zh-Hant' },
    ]);
  });

  it('refuses a currency ISO 4217 does not list', () => {
    expect(change(AT.rates, { rates: { GBP: 0.85, ABC: 2 } })).toEqual([
      { line: 1, message: 'exchange_rates.rates.ABC is not an ISO 4217 currency' },
    ]);
    expect(change(AT.rates, { base: 'XAU' })[0]).toEqual({
      line: 1,
      message: 'exchange_rates.base XAU is not an ISO 4217 currency',
    });
  });

  it('refuses a number a double would change, and keeps one it holds as written', () => {
    const lines = exampleLines().map((line) => JSON.stringify(line));
    const written = (at: number, from: string, to: string) =>
      errorsOf(fileOf(lines.map((line, i) => (i === at ? line.replace(from, to) : line))));
    expect(written(AT.book, '"value":19.99,', '"value":19.990000000000001,')).toEqual([
      {
        line: 5,
        message: 'product.basePrice.value has more significant digits than a number keeps exactly (15)',
      },
    ]);
    expect(written(AT.rates, '0.85', '0.85000000000000001')).toEqual([
      {
        line: 1,
        message: 'exchange_rates.rates.GBP has more significant digits than a number keeps exactly (15)',
      },
    ]);
    // Sixteen digits that a double keeps, and a long digit run inside a text, are not refused.
    expect(written(AT.rates, '0.85', '0.8500000000000000')).toEqual([]);
    expect(written(AT.book, 'A novel.', 'ISBN 9781234567890123')).toEqual([]);
  });

  it('reports every broken reference, by line', () => {
    const errors = errorsOf(
      exampleWith(AT.book, (p) => ({
        ...p,
        businessUnit: 'music',
        prices: { US: { value: 1, currency: 'USD' } },
      })),
    );
    expect(errors.map((e) => e.line)).toEqual([5, 5]);
  });
});
