import { miniSearchMatcher } from '../../../functions/catalogue/adapters/minisearch-text-matcher';
import { type ProductIndex, searchPage } from '../../../functions/catalogue/domain/product-search';
import {
  gigabytes,
  inches,
  searchSnapshotOf,
  stockSnapshotOf,
  updateStockSnapshot,
} from '../../../functions/catalogue/domain/search-document';
import type { SearchRequest } from '../../../functions/catalogue/domain/search-request';
import { product } from './product-fixtures';

const products = [
  product(1, { label: { en: 'The Silent Garden', fr: 'Le Jardin silencieux' }, author: 'Lucía Romero' }),
  product(2, { computer: { screenSize: '13.3 in', ram: '16 GB', cpu: 'Helion H8' } }),
  product(3, { label: { en: 'A River in Winter', fr: 'Une rivière en hiver' } }),
  product(4, { computer: { screenSize: '15,6"', ram: '8 GB', cpu: 'Arcturus A5' } }),
  product(5, { label: { en: 'Garden paths' } }),
  product(6, { computer: { screenSize: '35.6 cm', ram: '1 TB', cpu: 'Helion H6' } }),
];
const { documents } = searchSnapshotOf(products);
const index: ProductIndex = {
  documents,
  stock: stockSnapshotOf([
    { productId: 1, locationId: 'paris-1', quantity: 3 },
    { productId: 2, locationId: 'paris-1', quantity: 0 },
    { productId: 3, locationId: 'paris-1', quantity: 1 },
  ]),
  text: miniSearchMatcher(documents),
};
const pricing = { currency: 'EUR', rates: { base: 'EUR', rates: { GBP: 0.8 } } };
const search = (request: Partial<SearchRequest>, language: 'en' | 'fr' = 'en', currency = 'EUR') =>
  searchPage(index, { productTypes: [], brands: [], page: 1, limit: 20, sort: 'id', ...request }, language, {
    ...pricing,
    currency,
  }).map((d) => d.id);

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
    expect(index.stock).toEqual({ 'paris-1': [1, 3] });
    expect(
      updateStockSnapshot(index.stock, [
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
    // Product 5 has no French label: its English one is searched, as the views fall back.
    expect(search({ text: 'paths' }, 'fr')).toEqual([5]);
  });

  it('filters by the attributes, price and stock', () => {
    expect(search({ computer: { ramGb: { min: 16 } } })).toEqual([2, 6]);
    expect(search({ computer: { screenIn: { min: 13, max: 15 } } })).toEqual([2, 6]);
    expect(search({ computer: { cpu: 'helion' } })).toEqual([2, 6]);
    expect(search({ book: { author: 'lucia' } })).toEqual([1]);
    expect(search({ inStockAt: 'paris-1' })).toEqual([1, 3]);
    expect(search({ inStockAt: 'nowhere' })).toEqual([]);
    // Base prices are 10 + id euros.
    expect(search({ price: { min: 12, max: 14 } })).toEqual([2, 3, 4]);
    // GB prices are 9 GBP where the product is sold there (not ids divisible by 4).
    expect(search({ country: 'GB', price: { max: 9 } }, 'en', 'GBP')).toEqual([1, 2, 3, 5, 6]);
    expect(search({ country: 'GB', price: { max: 8.99 } }, 'en', 'GBP')).toEqual([]);
  });

  it('sorts by price, or relevance, with ties by id, and pages without overlap', () => {
    expect(search({ sort: '-price' })).toEqual([6, 5, 4, 3, 2, 1]);
    expect(search({ sort: 'price', country: 'FR' })).toEqual([1, 2, 3, 5, 6, 4]);
    expect(search({ text: 'garden', sort: 'relevance' })).toEqual([5, 1]);
    const pages = [1, 2, 3].map((page) => search({ sort: '-price', limit: 2, page }));
    expect(pages.flat()).toEqual([6, 5, 4, 3, 2, 1]);
  });
});
