import { DEFAULT_LANGUAGE, type Language, type Translated } from '#commons/languages';
import { CatalogueCollector } from './catalogue-rules';
import type { CatalogueLine } from './catalogue-schema';
import { type LineError, LineErrors, readJsonLines } from './json-lines';
import { checkCatalogueLine, prefixOf } from './line-validator';
import type { ProductRecord } from './product';
import type { ReferenceData, StockLevel } from './reference-data';

/**
 * A catalogue file (docs/catalogue.md): JSON Lines, one record a line, each with its `kind`.
 * A file is accepted whole or refused whole; a refusal lists the first errors by line number.
 */

export type { LineError } from './json-lines';
export { MAX_REPORTED_ERRORS } from './json-lines';

export interface Catalogue {
  readonly products: readonly ProductRecord[];
  readonly stocks: readonly StockLevel[];
  readonly reference: ReferenceData;
}

export interface CatalogueCounts {
  readonly products: number;
  readonly stocks: number;
  readonly countries: number;
  readonly businessUnits: number;
}

export type CatalogueParse =
  | { readonly ok: true; readonly catalogue: Catalogue; readonly counts: CatalogueCounts }
  | { readonly ok: false; readonly errors: readonly LineError[]; readonly lines: number };

/**
 * Every language the catalogue's texts are written in (products', countries', business units'),
 * English first, then by tag: the languages requests are negotiated over, each with a text index.
 */
export const catalogueLanguages = (catalogue: Catalogue): Language[] => {
  const seen = new Set<Language>();
  const add = (text: Translated) => {
    for (const language of Object.keys(text)) seen.add(language);
  };
  for (const { label } of [...catalogue.reference.countries, ...catalogue.reference.businessUnits])
    add(label);
  for (const p of catalogue.products) {
    add(p.label);
    add(p.title);
    add(p.description);
    if (p.book) add(p.book.backCover);
  }
  seen.delete(DEFAULT_LANGUAGE);
  return [DEFAULT_LANGUAGE, ...[...seen].sort()];
};

const valuesOf = <T>(map: ReadonlyMap<unknown, { readonly value: T }>): T[] =>
  [...map.values()].map((d) => d.value);

/**
 * Parses and validates a whole file (text of JSON Lines, blank lines allowed at the end). The
 * catalogue keeps the file's order: countries and business units are listed as the file lists them.
 */
export function parseCatalogue(text: string): CatalogueParse {
  const errors = new LineErrors();
  const collector = new CatalogueCollector(errors);
  const { lines, complete } = readJsonLines(
    text,
    errors,
    (value, line) => {
      const checked = checkCatalogueLine(value);
      if (checked.ok) collector.add(checked.value, line);
      else errors.add(line, checked.message);
    },
    prefixOf,
  );
  // References are checked only between lines that all passed their schema: a bad line would
  // otherwise be reported again through every line that refers to it.
  if (complete && errors.list.length === 0) collector.checkReferences();
  if (errors.list.length > 0 || !collector.rates) return { ok: false, errors: errors.list, lines };
  const catalogue: Catalogue = {
    products: valuesOf(collector.products),
    stocks: valuesOf(collector.stocks),
    reference: {
      countries: valuesOf(collector.countries),
      businessUnits: valuesOf(collector.businessUnits),
      rates: collector.rates,
    },
  };
  return {
    ok: true,
    catalogue,
    counts: {
      products: catalogue.products.length,
      stocks: catalogue.stocks.length,
      countries: catalogue.reference.countries.length,
      businessUnits: catalogue.reference.businessUnits.length,
    },
  };
}

const line = (value: CatalogueLine) => JSON.stringify(value);

/**
 * The lines of a file that parseCatalogue accepts and that gives back the same catalogue, in a
 * fixed order so that two exports of one catalogue are the same file: exchange rates, countries
 * and business units (their order is the listings' order), products by id, stock levels by
 * product then location.
 */
export function catalogueLines(catalogue: Catalogue): string[] {
  const { rates, countries, businessUnits } = catalogue.reference;
  const products = [...catalogue.products].sort((a, b) => a.id - b.id);
  const stocks = [...catalogue.stocks].sort(
    (a, b) =>
      a.productId - b.productId || (a.locationId < b.locationId ? -1 : a.locationId > b.locationId ? 1 : 0),
  );
  return [
    line({ kind: 'exchange_rates', base: rates.base, rates: rates.rates }),
    ...countries.map((country) => line({ kind: 'country', ...country })),
    ...businessUnits.map((unit) => line({ kind: 'business_unit', ...unit })),
    ...products.map((product) => line({ kind: 'product', ...product })),
    ...stocks.map((stock) => line({ kind: 'stock', ...stock })),
  ];
}
