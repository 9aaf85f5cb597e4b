import { searchPage } from '#functions/catalogue/domain/product-search';
import {
  gigabytes,
  inches,
  stockSnapshotOf,
  updateStockSnapshot,
} from '#functions/catalogue/domain/search-document';
import type { SearchRequest } from '#functions/catalogue/domain/search-request';
import * as textTools from '#functions/catalogue/domain/text-tools';
import { product } from './product-fixtures';
import { indexOf } from './search-index-fixture';

const products = [
  product(1, { label: { en: 'The Silent Garden', fr: 'Le Jardin silencieux' }, author: 'Lucía Romero' }),
  product(2, { computer: { screenSize: '13.3 in', ram: '16 GB', cpu: 'Helion H8' } }),
  product(3, { label: { en: 'A River in Winter', fr: 'Une rivière en hiver' } }),
  product(4, { computer: { screenSize: '15,6"', ram: '8 GB', cpu: 'Arcturus A5' } }),
  product(5, { label: { en: 'Garden paths' } }),
  product(6, { computer: { screenSize: '35.6 cm', ram: '1 TB', cpu: 'Helion H6' } }),
];
const stock = stockSnapshotOf([
  { productId: 1, locationId: 'paris-1', quantity: 3 },
  { productId: 2, locationId: 'paris-1', quantity: 0 },
  { productId: 3, locationId: 'paris-1', quantity: 1 },
]);
const indexes = { en: indexOf(products, 'en', stock), fr: indexOf(products, 'fr', stock) };
const pricing = { currency: 'EUR', rates: { base: 'EUR', rates: { GBP: 0.8 } } };
const search = (request: Partial<SearchRequest>, language: 'en' | 'fr' = 'en', currency = 'EUR') => {
  const index = indexes[language];
  return searchPage(
    index,
    { productTypes: [], brands: [], page: 1, limit: 20, sort: 'id', ...request },
    { ...pricing, currency },
    textTools,
  ).map((i) => index.columns.ids[i]);
};

describe('search documents', () => {
  it('parse memory and screen sizes from the strings the views keep', () => {
    expect([gigabytes('16 GB'), gigabytes('1 TB'), gigabytes('8 Go'), gigabytes('lots')]).toEqual([
      16,
      1024,
      8,
      undefined,
    ]);
    expect([inches('13.3 in'), inches('15,6"'), inches('35.6 cm'), inches('wide')]).toEqual([
      13.3,
      15.6,
      14,
      undefined,
    ]);
  });

  it('keep a stock snapshot of what is in stock, updated by a stock file', () => {
    expect(stock).toEqual({ 'paris-1': [1, 3] });
    expect(
      updateStockSnapshot(stock, [
        { productId: 1, locationId: 'paris-1', quantity: 0 },
        { productId: 2, locationId: 'lyon-1', quantity: 5 },
      ]),
    ).toEqual({ 'lyon-1': [2], 'paris-1': [3] });
  });
});

describe('searchPage', () => {
  it('matches words in the asked language, ignoring case and accents, the last one as a prefix', () => {
    expect(search({ text: 'jardin' }, 'fr')).toEqual([1]);
    expect(search({ text: 'jardin' }, 'en')).toEqual([]);
    expect(search({ text: 'RIVIERE' }, 'fr')).toEqual([3]);
    expect(search({ text: 'gard' })).toEqual([1, 5]);
    expect(search({ text: 'silent gard' })).toEqual([1]);
    // Only the last word is a prefix, and only from its third letter.
    expect(search({ text: 'gard silent' })).toEqual([]);
    expect(search({ text: 'ga' })).toEqual([]);
    // Product 5 has no French label: its English one is searched, as the views fall back.
    expect(search({ text: 'paths' }, 'fr')).toEqual([5]);
    expect(search({ text: '!?' })).toEqual([]);
  });

  it('filters by the attributes, price and stock', () => {
    expect(search({ computer: { ramGb: { min: 16 } } })).toEqual([2, 6]);
    expect(search({ computer: { screenIn: { min: 13, max: 15 } } })).toEqual([2, 6]);
    expect(search({ computer: { cpu: 'helion' } })).toEqual([2, 6]);
    expect(search({ book: { author: 'lucia' } })).toEqual([1]);
    expect(search({ book: { publisher: 'hou' } })).toEqual([1, 3, 5]);
    expect(search({ inStockAt: 'paris-1' })).toEqual([1, 3]);
    expect(search({ inStockAt: 'nowhere' })).toEqual([]);
    // Base prices are 10 + id euros.
    expect(search({ price: { min: 12, max: 14 } })).toEqual([2, 3, 4]);
    // GB prices are 9 GBP where the product is sold there (not ids divisible by 4).
    expect(search({ country: 'GB', price: { max: 9 } }, 'en', 'GBP')).toEqual([1, 2, 3, 5, 6]);
    expect(search({ country: 'GB', price: { max: 8.99 } }, 'en', 'GBP')).toEqual([]);
    expect(search({ country: 'JP' })).toEqual([]);
    expect(search({ brands: ['Zeta', 'Nobody'], productTypes: ['computer'] })).toEqual([2]);
    expect(search({ businessUnit: 'books' })).toEqual([1, 3, 5]);
  });

  it('sorts by price, or relevance, with ties by id, and pages without overlap', () => {
    expect(search({ sort: '-price' })).toEqual([6, 5, 4, 3, 2, 1]);
    expect(search({ sort: 'price', country: 'FR' })).toEqual([1, 2, 3, 5, 6, 4]);
    expect(search({ sort: '-price', country: 'FR' })).toEqual([4, 1, 2, 3, 5, 6]);
    // A shorter label holding the word weighs more.
    expect(search({ text: 'garden', sort: 'relevance' })).toEqual([5, 1]);
    const pages = [1, 2, 3].map((page) => search({ sort: '-price', limit: 2, page }));
    expect(pages.flat()).toEqual([6, 5, 4, 3, 2, 1]);
    expect(search({ sort: 'price', page: 4, limit: 2 })).toEqual([]);
  });

  it('orders prices as shown: prices that convert to the same amount are tied, and ties go by id', () => {
    // At 0.001 GBP a euro, 11 to 14 euros all show as 0.01 GBP.
    const tiny = { base: 'EUR', rates: { GBP: 0.001 } };
    const cheapLast = [1, 2, 3, 4].map((id) =>
      product(id, { basePrice: { value: 15 - id, currency: 'EUR' } }),
    );
    const index = indexOf(cheapLast, 'en');
    const page = (sort: 'price' | '-price') =>
      searchPage(
        index,
        { productTypes: [], brands: [], page: 1, limit: 10, sort },
        { currency: 'GBP', rates: tiny },
      ).map((i) => index.columns.ids[i]);
    expect(page('price')).toEqual([1, 2, 3, 4]);
    expect(page('-price')).toEqual([1, 2, 3, 4]);
  });
});
