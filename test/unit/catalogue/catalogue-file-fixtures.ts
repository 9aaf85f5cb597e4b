/** A small valid catalogue file, one line of each kind, as objects to change one field at a time. */
type Line = Record<string, unknown>;

export const exampleLines = (): Line[] => [
  { kind: 'exchange_rates', base: 'EUR', rates: { GBP: 0.85 } },
  { kind: 'country', id: 'FR', label: { en: 'France', fr: 'France' }, currency: 'EUR' },
  { kind: 'country', id: 'GB', label: { en: 'United Kingdom' }, currency: 'GBP' },
  { kind: 'business_unit', id: 'books', label: { en: 'Books', fr: 'Livres' } },
  {
    kind: 'product',
    id: 1,
    type: 'book',
    brand: 'Northwind Press',
    businessUnit: 'books',
    label: { en: 'The Map', fr: 'La Carte' },
    title: { en: 'The Map, 2nd edition' },
    description: { en: 'A novel.' },
    images: ['https://images.example.com/products/1/1.jpg'],
    height: '21 cm',
    width: '14 cm',
    weight: '350 g',
    author: 'A. Writer',
    basePrice: { value: 19.99, currency: 'EUR' },
    prices: { FR: { value: 19.99, currency: 'EUR' }, GB: { value: 16.99, currency: 'GBP' } },
    ratings: { average: 4.2, count: 87 },
    book: { publisher: 'Northwind Press', translator: null, backCover: { en: 'Gripping.' } },
  },
  {
    kind: 'product',
    id: 2,
    type: 'computer',
    brand: 'Voltix',
    businessUnit: 'books',
    label: { en: 'Voltix Aero 5' },
    title: { en: 'Voltix Aero 5, 16 GB, 512 GB' },
    description: { en: 'A 14 in laptop.' },
    images: [],
    height: '1.6 cm',
    width: '31 cm',
    weight: '1.3 kg',
    author: null,
    basePrice: { value: 999, currency: 'EUR' },
    prices: { FR: { value: 999, currency: 'EUR' } },
    ratings: { average: 3.9, count: 12 },
    computer: { screenSize: '14 in', ram: '16 GB', cpu: 'Helion H6 (8 cores, 3.2 GHz)' },
  },
  { kind: 'stock', productId: 1, locationId: 'paris-1', quantity: 12, updatedAt: '2026-01-15T08:00:00.000Z' },
  { kind: 'stock', productId: 2, locationId: 'paris-1', quantity: 0, updatedAt: '2026-01-15T08:00:00.000Z' },
];

export const fileOf = (lines: readonly (Line | string)[]): string =>
  `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`;

/** The example with one line (0-based index) changed by `change`. */
export const exampleWith = (index: number, change: (line: Line) => Line): string =>
  fileOf(exampleLines().map((line, i) => (i === index ? change(line) : line)));

/** Line indexes of the example, by what they hold. */
export const AT = { rates: 0, france: 1, britain: 2, books: 3, book: 4, computer: 5, stock: 6 } as const;
