import { isIsoCurrency } from '#commons/currencies';
import { canonicalTag, type Language, type Translated } from '#commons/languages';
import { type ExchangeRates, excessDecimals, isKnownCurrency, type Money } from '#commons/money';
import type { CatalogueLine } from './catalogue-schema';
import type { LineErrors } from './json-lines';
import type { ProductRecord } from './product';
import type { BusinessUnit, Country, StockLevel } from './reference-data';

/**
 * The rules between the lines of a catalogue file, which a line schema cannot say: ids declared
 * once, one exchange_rates line, every reference (business unit, country, currency, product)
 * to something the same file declares, ISO 4217 currencies only, and every price a whole number
 * of its currency's minor unit (docs/decisions/money.md D103). Lines may come in any order: references are checked once
 * every line has been read. Each error names the line to fix.
 */

/** How many languages one catalogue may be written in: each has a text index in the search snapshot. */
export const MAX_CATALOGUE_LANGUAGES = 100;

/** The texts of a line that clients read in their language, by field path. */
const textsOf = (line: CatalogueLine): [string, Translated][] => {
  switch (line.kind) {
    case 'product':
      return [
        ['label', line.label],
        ['title', line.title],
        ['description', line.description],
        ...(line.book ? [['book.backCover', line.book.backCover] as [string, Translated]] : []),
      ];
    case 'country':
    case 'business_unit':
      return [['label', line.label]];
    default:
      return [];
  }
};

interface Declared<T> {
  readonly value: T;
  readonly line: number;
}

export class CatalogueCollector {
  readonly #errors: LineErrors;
  #rates: Declared<ExchangeRates> | undefined;
  readonly countries = new Map<string, Declared<Country>>();
  readonly businessUnits = new Map<string, Declared<BusinessUnit>>();
  readonly products = new Map<number, Declared<ProductRecord>>();
  readonly stocks = new Map<string, Declared<StockLevel>>();
  /** Every language a text of the file is written in, English first. */
  readonly languages = new Set<Language>(['en']);

  constructor(errors: LineErrors) {
    this.#errors = errors;
  }

  get rates(): ExchangeRates | undefined {
    return this.#rates?.value;
  }

  /** Records a line that passed its schema; a second declaration of the same id is an error. */
  add(line: CatalogueLine, at: number): void {
    this.#checkLanguages(line, at);
    const { kind, ...record } = line;
    switch (kind) {
      case 'exchange_rates':
        if (this.#rates) this.#again(at, 'an exchange_rates line', this.#rates.line);
        else this.#rates = { value: record as ExchangeRates, line: at };
        break;
      case 'country':
        this.#once(this.countries, record as Country, at, `country ${line.id}`);
        break;
      case 'business_unit':
        this.#once(this.businessUnits, record as BusinessUnit, at, `business unit ${line.id}`);
        break;
      case 'product':
        this.#once(this.products, record as ProductRecord, at, `product ${line.id}`);
        break;
      case 'stock':
        this.#once(
          this.stocks,
          record as StockLevel,
          at,
          `stock of product ${line.productId} at ${line.locationId}`,
          stockId(line),
        );
    }
  }

  /** A tag written otherwise than its canonical form (`pt-br` for `pt-BR`) would name a second language. */
  #checkLanguages(line: CatalogueLine, at: number) {
    for (const [field, text] of textsOf(line))
      for (const tag of Object.keys(text)) {
        const canonical = canonicalTag(tag);
        if (canonical === tag) this.languages.add(tag);
        else
          this.#errors.add(
            at,
            canonical === undefined
              ? `${line.kind}.${field} has a key ${JSON.stringify(tag)} that is not a BCP 47 language tag`
              : `${line.kind}.${field} has the language ${JSON.stringify(tag)}, which is written ${canonical}`,
          );
      }
  }

  /** The references between lines, once all of them are read. */
  checkReferences(): void {
    if (this.languages.size > MAX_CATALOGUE_LANGUAGES)
      this.#errors.add(
        0,
        `the file's texts are in ${this.languages.size} languages, more than the ${MAX_CATALOGUE_LANGUAGES} a catalogue may have`,
      );
    const rates = this.#rates?.value;
    if (!rates) this.#errors.add(0, 'the file has no exchange_rates line');
    else this.#checkRates(rates, this.#rates!.line);
    for (const { value: country, line } of this.countries.values())
      if (rates && !isKnownCurrency(rates, country.currency))
        this.#errors.add(line, `country.currency ${country.currency} has no exchange rate`);
    for (const { value: product, line } of this.products.values()) this.#checkProduct(product, line, rates);
    for (const { value: stock, line } of this.stocks.values())
      if (!this.products.has(stock.productId))
        this.#errors.add(line, `stock.productId ${stock.productId} is not a product of this file`);
  }

  #checkRates(rates: ExchangeRates, line: number) {
    if (rates.base in rates.rates)
      this.#errors.add(line, `exchange_rates.rates lists the base currency ${rates.base}`);
    if (!isIsoCurrency(rates.base))
      this.#errors.add(line, `exchange_rates.base ${rates.base} is not an ISO 4217 currency`);
    const unknown = Object.keys(rates.rates).find((currency) => !isIsoCurrency(currency));
    if (unknown) this.#errors.add(line, `exchange_rates.rates.${unknown} is not an ISO 4217 currency`);
  }

  /** A price the currency cannot hold (1234.56 JPY, 1.2345 KWD) names the field and the decimals allowed. */
  #checkAmount(price: Money, field: string, line: number) {
    const excess = excessDecimals(price);
    if (excess) this.#errors.add(line, `${field}.value ${excess}`);
  }

  #checkProduct(product: ProductRecord, line: number, rates: ExchangeRates | undefined) {
    if (!this.businessUnits.has(product.businessUnit))
      this.#errors.add(
        line,
        `product.businessUnit ${product.businessUnit} is not a business unit of this file`,
      );
    if (rates && product.basePrice.currency !== rates.base)
      this.#errors.add(line, `product.basePrice.currency must be the base currency ${rates.base}`);
    else this.#checkAmount(product.basePrice, 'product.basePrice', line);
    for (const [countryId, price] of Object.entries(product.prices)) {
      const country = this.countries.get(countryId)?.value;
      if (!country) this.#errors.add(line, `product.prices.${countryId} is not a country of this file`);
      else if (price.currency !== country.currency)
        this.#errors.add(
          line,
          `product.prices.${countryId}.currency must be ${country.currency}, the country's currency`,
        );
      else this.#checkAmount(price, `product.prices.${countryId}`, line);
    }
  }

  #once<K, T>(map: Map<K, Declared<T>>, value: T, at: number, what: string, key?: K) {
    const id = key ?? (value as { id: K }).id;
    const first = map.get(id);
    if (first) this.#again(at, what, first.line);
    else map.set(id, { value, line: at });
  }

  #again(at: number, what: string, first: number) {
    this.#errors.add(at, `${what} is already declared on line ${first}`);
  }
}

/** One stock level per product and location. */
export const stockId = (s: { productId: number; locationId: string }) => `${s.productId}@${s.locationId}`;
