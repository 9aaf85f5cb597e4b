import { type Language, translate } from '#commons/languages';
import type { ProductRecord } from './product';
import type { StockLevel } from './reference-data';

/**
 * What the search snapshot holds of a product (docs/decisions/search-engine.md D68): the texts in every language
 * (as the views fall back), the filters' values, and the numbers of the type-specific attributes,
 * parsed once at publish time from the strings the views keep (`16 GB` → 16).
 */
export interface SearchDocument
  extends Pick<
    ProductRecord,
    'id' | 'type' | 'brand' | 'businessUnit' | 'label' | 'title' | 'description' | 'basePrice' | 'prices'
  > {
  readonly author?: string;
  readonly publisher?: string;
  readonly ramGb?: number;
  readonly screenIn?: number;
  readonly cpu?: string;
}

/** Location id → the ids of the products in stock there, in id order. */
export type StockSnapshot = Readonly<Record<string, readonly number[]>>;

/** `16 GB` → 16, `1 TB` → 1024; undefined when the text names no memory size. */
export const gigabytes = (text: string): number | undefined => {
  const match = /(\d+(?:[.,]\d+)?)\s*(GB|GO|TB|TO)\b/i.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]!.replace(',', '.'));
  return /^t/i.test(match[2]!) ? value * 1024 : value;
};

/** `13.3 in`, `14"`, `15,6 pouces` → the first number, in inches; `35.6 cm` converted. */
export const inches = (text: string): number | undefined => {
  const match = /(\d+(?:[.,]\d+)?)\s*(cm)?/i.exec(text);
  if (!match) return undefined;
  const value = Number(match[1]!.replace(',', '.'));
  return match[2] ? Math.round((value / 2.54) * 10) / 10 : value;
};

export const searchDocumentOf = (p: ProductRecord): SearchDocument => ({
  id: p.id,
  type: p.type,
  brand: p.brand,
  businessUnit: p.businessUnit,
  label: p.label,
  title: p.title,
  description: p.description,
  basePrice: p.basePrice,
  prices: p.prices,
  ...(p.author ? { author: p.author } : {}),
  ...(p.book ? { publisher: p.book.publisher } : {}),
  ...(p.computer
    ? {
        ...optional('ramGb', gigabytes(p.computer.ram)),
        ...optional('screenIn', inches(p.computer.screenSize)),
        cpu: p.computer.cpu,
      }
    : {}),
});

const optional = <K extends string>(key: K, value: number | undefined) =>
  value === undefined ? {} : ({ [key]: value } as Record<K, number>);

/** The products' search documents, in id order (the order of every column of the snapshot). */
export const searchDocumentsOf = (products: readonly ProductRecord[]): SearchDocument[] =>
  [...products].sort((a, b) => a.id - b.id).map(searchDocumentOf);

/** Where each product is in stock, from stock levels (the last level of a product and location wins). */
export const stockSnapshotOf = (
  levels: Iterable<Pick<StockLevel, 'productId' | 'locationId' | 'quantity'>>,
) => {
  const quantities = new Map<string, Map<number, number>>();
  for (const { productId, locationId, quantity } of levels) {
    const at = quantities.get(locationId) ?? new Map<number, number>();
    quantities.set(locationId, at);
    at.set(productId, quantity);
  }
  const snapshot: Record<string, number[]> = {};
  for (const [location, at] of [...quantities].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    snapshot[location] = [...at]
      .filter(([, quantity]) => quantity > 0)
      .map(([id]) => id)
      .sort((a, b) => a - b);
  }
  return snapshot;
};

/** A stock snapshot with some levels changed (a stock update). */
export const updateStockSnapshot = (
  snapshot: StockSnapshot,
  updates: readonly Pick<StockLevel, 'productId' | 'locationId' | 'quantity'>[],
): StockSnapshot =>
  stockSnapshotOf([
    ...Object.entries(snapshot).flatMap(([locationId, ids]) =>
      ids.map((productId) => ({ productId, locationId, quantity: 1 })),
    ),
    ...updates,
  ]);

/** The document's searchable texts in one language, falling back to English like the views. */
export const textsIn = (document: SearchDocument, language: Language) => ({
  label: translate(document.label, language),
  title: translate(document.title, language),
  description: translate(document.description, language),
});
