/** A price: `value` in the currency whose ISO 4217 code is `currency`. */
export interface Money {
  readonly value: number;
  readonly currency: string;
}

/** Exchange rates: units of each currency for one unit of the base currency. */
export interface ExchangeRates {
  readonly base: string;
  readonly rates: Readonly<Record<string, number>>;
}

const rateOf = (rates: ExchangeRates, currency: string): number | undefined =>
  currency === rates.base ? 1 : rates.rates[currency];

export const isKnownCurrency = (rates: ExchangeRates, currency: string): boolean =>
  rateOf(rates, currency) !== undefined;

/**
 * The conversion of values in `currency` to `target`, as `convert` does it: for the search, which
 * converts a whole column of prices of one currency without making a Money of each.
 */
export const converter = (
  currency: string,
  target: string,
  rates: ExchangeRates,
): ((value: number) => number) => {
  if (currency === target) return (value) => value;
  const from = rateOf(rates, currency);
  const to = rateOf(rates, target);
  if (from === undefined || to === undefined) throw new Error('Unknown currency in conversion');
  return (value) => Math.round((value / from) * to * 100) / 100;
};

/** Converts through the base currency and rounds to the cent, as a shop displays prices. */
export const convert = (price: Money, target: string, rates: ExchangeRates): Money =>
  price.currency === target
    ? price
    : { value: converter(price.currency, target, rates)(price.value), currency: target };
