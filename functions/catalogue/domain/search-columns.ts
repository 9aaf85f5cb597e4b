import { shownLanguage } from '#commons/languages';
import { arrayOf, type PackedArray, pack, unpack } from './packed-arrays';
import type { SearchDocument } from './search-document';

/**
 * The search snapshot's products as columns (docs/decisions/search-engine.md D68): one typed array per criterion,
 * indexed by the product's position in id order, so that a search reads numbers instead of
 * objects and a snapshot of 100,000 products loads without parsing one JSON object per product.
 */

/** A text criterion's values: `codes[i]` is 1 + the index in `values` of product i's, 0 when it has none. */
export interface Coded {
  readonly values: readonly string[];
  readonly codes: Uint32Array;
}

/** The prices of one country, or the base prices: all in one currency (the catalogue's rules). */
export interface PriceColumn {
  readonly currency: string;
  /** Product i's price, NaN where it has none (not sold in that country). */
  readonly values: Float64Array;
  /** The positions of the products that have a price, by price then position: `sort=price`'s order. */
  readonly order: Uint32Array;
}

export interface SearchColumns {
  readonly count: number;
  /** Product ids, ascending. */
  readonly ids: Uint32Array;
  readonly type: Coded;
  readonly brand: Coded;
  readonly businessUnit: Coded;
  readonly author: Coded;
  readonly publisher: Coded;
  readonly cpu: Coded;
  /** NaN where the product has none. */
  readonly ramGb: Float64Array;
  readonly screenIn: Float64Array;
  readonly basePrice: PriceColumn;
  /** By country id. */
  readonly prices: Readonly<Record<string, PriceColumn>>;
  /**
   * Layout 5: the languages each product's label is written in (values: tags joined by `,`), so
   * an answer can say which language each label it shows is in (labelLanguage). Undefined in
   * snapshots written before.
   */
  readonly labelLanguages?: Coded;
}

/** The language product i's label is shown in when asked in `language` (its fallbacks, else English). */
export const labelLanguage = (columns: SearchColumns, i: number, language: string): string | undefined => {
  const coded = columns.labelLanguages;
  if (!coded) return undefined;
  const written = coded.values[coded.codes[i]! - 1]?.split(',') ?? [];
  return shownLanguage(language, (tag) => written.includes(tag));
};

const TEXTS = ['type', 'brand', 'businessUnit', 'author', 'publisher', 'cpu'] as const;

const coded = (
  documents: readonly SearchDocument[],
  value: (d: SearchDocument) => string | undefined,
): Coded => {
  const values: string[] = [];
  const known = new Map<string, number>();
  const codes = new Uint32Array(documents.length);
  documents.forEach((d, i) => {
    const v = value(d);
    if (v === undefined) return;
    let code = known.get(v);
    if (code === undefined) {
      code = values.push(v);
      known.set(v, code);
    }
    codes[i] = code;
  });
  return { values, codes };
};

const priceColumn = (
  documents: readonly SearchDocument[],
  price: (d: SearchDocument) => { value: number; currency: string } | undefined,
): PriceColumn => {
  const values = new Float64Array(documents.length).fill(Number.NaN);
  let currency: string | undefined;
  documents.forEach((d, i) => {
    const p = price(d);
    if (!p) return;
    currency ??= p.currency;
    if (p.currency !== currency) throw new Error(`One price column holds ${currency} and ${p.currency}`);
    values[i] = p.value;
  });
  const order = Uint32Array.from(documents.keys())
    .filter((i) => !Number.isNaN(values[i]))
    .sort((a, b) => values[a]! - values[b]! || a - b);
  return { currency: currency ?? '', values, order };
};

const numbers = (documents: readonly SearchDocument[], value: (d: SearchDocument) => number | undefined) =>
  Float64Array.from(documents, (d) => value(d) ?? Number.NaN);

/** The columns of documents in id order. */
export const searchColumnsOf = (documents: readonly SearchDocument[]): SearchColumns => {
  const countries = [...new Set(documents.flatMap((d) => Object.keys(d.prices)))].sort();
  return {
    count: documents.length,
    ids: Uint32Array.from(documents, (d) => d.id),
    type: coded(documents, (d) => d.type),
    brand: coded(documents, (d) => d.brand),
    businessUnit: coded(documents, (d) => d.businessUnit),
    author: coded(documents, (d) => d.author),
    publisher: coded(documents, (d) => d.publisher),
    cpu: coded(documents, (d) => d.cpu),
    ramGb: numbers(documents, (d) => d.ramGb),
    screenIn: numbers(documents, (d) => d.screenIn),
    basePrice: priceColumn(documents, (d) => d.basePrice),
    prices: Object.fromEntries(countries.map((c) => [c, priceColumn(documents, (d) => d.prices[c])])),
    labelLanguages: coded(documents, (d) => Object.keys(d.label).sort().join(',')),
  };
};

interface ColumnsMeta {
  readonly count: number;
  readonly values: Readonly<Record<(typeof TEXTS)[number], readonly string[]>> & {
    readonly labelLanguages?: readonly string[];
  };
  /** Price column name (`base`, or a country id) → its currency. */
  readonly currencies: Readonly<Record<string, string>>;
}

const BASE = 'base';

export const packSearchColumns = (columns: SearchColumns): Uint8Array => {
  const priceColumns: [string, PriceColumn][] = [
    [BASE, columns.basePrice],
    ...Object.entries(columns.prices),
  ];
  const arrays: Record<string, PackedArray> = {
    ids: columns.ids,
    ramGb: columns.ramGb,
    screenIn: columns.screenIn,
  };
  for (const name of TEXTS) arrays[name] = columns[name].codes;
  if (columns.labelLanguages) arrays.labelLanguages = columns.labelLanguages.codes;
  for (const [name, column] of priceColumns) {
    arrays[`price.${name}`] = column.values;
    arrays[`order.${name}`] = column.order;
  }
  const meta: ColumnsMeta = {
    count: columns.count,
    values: {
      ...(Object.fromEntries(TEXTS.map((name) => [name, columns[name].values])) as ColumnsMeta['values']),
      ...(columns.labelLanguages ? { labelLanguages: columns.labelLanguages.values } : {}),
    },
    currencies: Object.fromEntries(priceColumns.map(([name, column]) => [name, column.currency])),
  };
  return pack(meta, arrays);
};

export const unpackSearchColumns = (bytes: Uint8Array): SearchColumns => {
  const unpacked = unpack<ColumnsMeta>(bytes);
  const { meta } = unpacked;
  const text = (name: (typeof TEXTS)[number]): Coded => ({
    values: meta.values[name],
    codes: arrayOf(unpacked, name, Uint32Array),
  });
  const price = (name: string): PriceColumn => ({
    currency: meta.currencies[name]!,
    values: arrayOf(unpacked, `price.${name}`, Float64Array),
    order: arrayOf(unpacked, `order.${name}`, Uint32Array),
  });
  return {
    count: meta.count,
    ids: arrayOf(unpacked, 'ids', Uint32Array),
    type: text('type'),
    brand: text('brand'),
    businessUnit: text('businessUnit'),
    author: text('author'),
    publisher: text('publisher'),
    cpu: text('cpu'),
    ramGb: arrayOf(unpacked, 'ramGb', Float64Array),
    screenIn: arrayOf(unpacked, 'screenIn', Float64Array),
    basePrice: price(BASE),
    prices: Object.fromEntries(
      Object.keys(meta.currencies)
        .filter((name) => name !== BASE)
        .map((name) => [name, price(name)]),
    ),
    ...(meta.values.labelLanguages
      ? {
          labelLanguages: {
            values: meta.values.labelLanguages,
            codes: arrayOf(unpacked, 'labelLanguages', Uint32Array),
          },
        }
      : {}),
  };
};
