import type { ExchangeRates } from '#commons/money';
import {
  countryCode,
  currencyCode,
  LONG_TEXT,
  MAX_ID,
  money,
  positiveId,
  quantity,
  SHORT_TEXT,
  slugId,
  TITLE_TEXT,
  text,
  translated,
} from './catalogue-schema-parts';
import { type BookDetails, type ComputerDetails, PRODUCT_TYPES, type ProductRecord } from './product';
import type { BusinessUnit, Country, StockLevel } from './reference-data';

/**
 * The JSON Schema (draft 2020-12) of one line of a catalogue file and of a stock file
 * (docs/catalogue.md). A line holds exactly the fields the catalogue stores, under their stored
 * names, plus its `kind`. `satisfies` ties each kind's properties to its record type, so a field
 * added to a record cannot be forgotten here. Rules between lines are in catalogue-rules.ts.
 */

export const LINE_KINDS = ['exchange_rates', 'country', 'business_unit', 'product', 'stock'] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** A valid line as the schema describes it: the stored record and its `kind`. */
export type CatalogueLine =
  | ({ readonly kind: 'exchange_rates' } & ExchangeRates)
  | ({ readonly kind: 'country' } & Country)
  | ({ readonly kind: 'business_unit' } & BusinessUnit)
  | ({ readonly kind: 'product' } & ProductRecord)
  | ({ readonly kind: 'stock' } & StockLevel);

type Properties<T> = Record<keyof T | 'kind', unknown>;
const kind = (name: LineKind) => ({ const: name });
const closed = <P extends object>(properties: P) =>
  ({ type: 'object', required: Object.keys(properties), properties, additionalProperties: false }) as const;

const exchangeRates = closed({
  kind: kind('exchange_rates'),
  base: currencyCode,
  rates: {
    type: 'object',
    description: 'units of each currency for one unit of the base currency',
    propertyNames: currencyCode,
    additionalProperties: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000_000 },
    maxProperties: 300,
  },
} satisfies Properties<ExchangeRates>);

const country = closed({
  kind: kind('country'),
  id: countryCode,
  label: translated(SHORT_TEXT),
  currency: currencyCode,
} satisfies Properties<Country>);

const businessUnit = closed({
  kind: kind('business_unit'),
  id: slugId,
  label: translated(SHORT_TEXT),
} satisfies Properties<BusinessUnit>);

const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });

const book = closed({
  publisher: text(SHORT_TEXT),
  translator: nullable(text(SHORT_TEXT)),
  backCover: translated(LONG_TEXT),
} satisfies Record<keyof BookDetails, unknown>);

const computer = closed({
  screenSize: text(SHORT_TEXT),
  ram: text(SHORT_TEXT),
  cpu: text(SHORT_TEXT),
} satisfies Record<keyof ComputerDetails, unknown>);

const productProperties = {
  kind: kind('product'),
  id: positiveId,
  type: { enum: PRODUCT_TYPES },
  brand: text(SHORT_TEXT),
  businessUnit: slugId,
  label: translated(SHORT_TEXT),
  title: translated(TITLE_TEXT),
  description: translated(LONG_TEXT),
  images: {
    type: 'array',
    maxItems: 50,
    items: { type: 'string', format: 'uri', pattern: '^https://', maxLength: 2048 },
  },
  height: text(SHORT_TEXT),
  width: text(SHORT_TEXT),
  weight: text(SHORT_TEXT),
  author: nullable(text(SHORT_TEXT)),
  basePrice: money,
  prices: {
    type: 'object',
    description: 'price in each country where the product is sold, in that country’s currency',
    propertyNames: countryCode,
    additionalProperties: money,
    maxProperties: 250,
  },
  ratings: closed({
    average: { type: 'number', minimum: 0, maximum: 5 },
    count: { type: 'integer', minimum: 0, maximum: MAX_ID },
  }),
  book,
  computer,
} satisfies Properties<ProductRecord>;

const { book: _book, computer: _computer, ...alwaysThere } = productProperties;
/** A book carries `book` and no `computer`; a computer the other way round. */
const detailsOf = (type: (typeof PRODUCT_TYPES)[number], other: string) => ({
  if: { required: ['type'], properties: { type: { const: type } } },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, never awaited
  then: { required: [type], properties: { [other]: false } },
});

const product = {
  type: 'object',
  required: Object.keys(alwaysThere),
  properties: productProperties,
  additionalProperties: false,
  allOf: [detailsOf('book', 'computer'), detailsOf('computer', 'book')],
} as const;

const stock = closed({
  kind: kind('stock'),
  productId: positiveId,
  locationId: slugId,
  quantity,
  updatedAt: { type: 'string', format: 'date-time', maxLength: 64 },
} satisfies Properties<StockLevel>);

const schemaOfKind = { exchange_rates: exchangeRates, country, business_unit: businessUnit, product, stock };
const byKind = (name: LineKind) => ({
  if: { required: ['kind'], properties: { kind: { const: name } } },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keywords, never awaited
  then: { $ref: `#/$defs/${name}` },
});

/** One line of a catalogue file: an object whose `kind` says which of the `$defs` it follows. */
export const catalogueLineSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'One line of a catalogue file (JSON Lines)',
  type: 'object',
  required: ['kind'],
  properties: { kind: { enum: LINE_KINDS } },
  allOf: LINE_KINDS.map(byKind),
  $defs: schemaOfKind,
} as const;

/** One line of a stock file: the service sets `updatedAt` when it applies the line. */
export const stockLineSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'One line of a stock file (JSON Lines)',
  ...closed({ productId: positiveId, locationId: slugId, quantity }),
} as const;
