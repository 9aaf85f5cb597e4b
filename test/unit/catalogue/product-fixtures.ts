import type { ProductRecord } from '#functions/catalogue/domain/product';

/** A small catalogue for domain tests: ids, types, brands and countries chosen to overlap. */
export const product = (id: number, overrides: Partial<ProductRecord> = {}): ProductRecord => ({
  id,
  type: id % 2 === 0 ? 'computer' : 'book',
  brand: ['Acme', 'Pipe|Line', 'Zeta'][id % 3]!,
  businessUnit: id % 2 === 0 ? 'computing' : 'books',
  label: { en: `Product ${id}`, fr: `Produit ${id}` },
  title: { en: `Title ${id}` },
  description: { en: `Description ${id}` },
  images: [`https://images.example.com/${id}.jpg`],
  height: '20 cm',
  width: '10 cm',
  weight: '300 g',
  author: id % 2 === 0 ? null : 'A. Writer',
  basePrice: { value: 10 + id, currency: 'EUR' },
  prices:
    id % 4 === 0
      ? { FR: { value: 11 + id, currency: 'EUR' } }
      : { FR: { value: 11, currency: 'EUR' }, GB: { value: 9, currency: 'GBP' } },
  ratings: { average: 4.2, count: id },
  ...(id % 2 === 0
    ? { computer: { screenSize: '14"', ram: '16 GB', cpu: 'ARM' } }
    : { book: { publisher: 'House', translator: null, backCover: { en: 'Back' } } }),
  ...overrides,
});

export const catalogue = (count: number): ProductRecord[] =>
  Array.from({ length: count }, (_, i) => product(i + 1));
