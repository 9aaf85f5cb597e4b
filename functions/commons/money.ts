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

/** Converts through the base currency and rounds to the cent, as a shop displays prices. */
export const convert = (price: Money, target: string, rates: ExchangeRates): Money => {
  if (price.currency === target) return price;
  const from = rateOf(rates, price.currency);
  const to = rateOf(rates, target);
  if (from === undefined || to === undefined) throw new Error('Unknown currency in conversion');
  return { value: Math.round((price.value / from) * to * 100) / 100, currency: target };
};
