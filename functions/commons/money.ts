import { type MinorUnit, minorUnitOf } from './currencies';
import { decimalOf, powerOfTen, reduced, roundHalfAway, roundTowards, scaled } from './exact-decimal';

/**
 * The service's one money model (docs/decisions/money.md D103, D104). An amount is a whole number
 * of its currency's minor units (currencies.ts, from ISO 4217); `value` on the wire and in the
 * table is that amount in units of the currency, a JSON number with at most the currency's
 * decimals (19.99 EUR, 5036 JPY, 1.235 KWD). Arithmetic is on integers, exactly; a conversion
 * rounds once, half away from zero.
 */

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

/**
 * A code ISO 4217 does not list has no minor unit, and files naming one are refused; data stored
 * before that rule was written with cents, and is read so.
 */
const CENTS: MinorUnit = { scale: 100, decimals: 2 };
const unitOf = (currency: string): MinorUnit => minorUnitOf(currency) ?? CENTS;

/** Beyond this, a product of two integers may not be exact in a double: BigInt takes over. */
const EXACT = 2 ** 52;

/** `n / q` (integers, q > 0, |n| ≤ EXACT) rounded half away from zero, in doubles, exactly. */
const roundDivision = (n: number, q: number): number => {
  const negative = n < 0;
  const a = negative ? -n : n;
  let whole = Math.floor(a / q);
  let rest = a - whole * q;
  if (rest < 0) {
    whole -= 1;
    rest += q;
  } else if (rest >= q) {
    whole += 1;
    rest -= q;
  }
  const rounded = rest * 2 >= q ? whole + 1 : whole;
  return negative && rounded !== 0 ? -rounded : rounded;
};

/**
 * `value` as a whole number of 1/`scale` units: exact when it is one, else rounded once, half away
 * from zero (the exact decimal of `value`, not its binary neighbour).
 */
export const unitsOf = (value: number, scale: number): number => {
  const minor = Math.round(value * scale);
  // m / scale is the double nearest the decimal m/scale: equal to value only when value is that decimal.
  if (minor / scale === value) return minor;
  const { numerator, denominator } = scaled(decimalOf(value), BigInt(scale));
  return Number(roundHalfAway(numerator, denominator));
};

/** `value` as a whole number of `currency`'s minor units, or undefined when it has more decimals than they hold. */
export const minorAmount = (value: number, currency: string): number | undefined => {
  const { scale } = unitOf(currency);
  const minor = Math.round(value * scale);
  return minor / scale === value ? minor : undefined;
};

/** Whether `currency` can hold `value` exactly (1234.56 JPY and 1.2345 KWD it cannot). */
export const holds = (currency: string, value: number): boolean => minorAmount(value, currency) !== undefined;

/**
 * What a file's line is told of a price its currency cannot hold, after the value's field
 * (`product.prices.JP.value`, `detail/total/value`): undefined when it holds it.
 */
export const excessDecimals = (price: Money): string | undefined =>
  holds(price.currency, price.value)
    ? undefined
    : `has more decimals than ${price.currency} has (${decimalsOf(price.currency)})`;

/** `value` in minor units: exact when the currency holds it, else rounded half away from zero (data stored before D103). */
export const toMinor = (value: number, currency: string): number => unitsOf(value, unitOf(currency).scale);

/** An amount of minor units in units of the currency: the double whose shortest form is the exact decimal. */
export const fromMinor = (minor: number, currency: string): number => minor / unitOf(currency).scale;

/** The decimals `currency` is written with (2 for EUR, 0 for JPY, 3 for KWD). */
export const decimalsOf = (currency: string): number => unitOf(currency).decimals;

/** A price as the currency holds it: itself, or rounded to the minor unit once (data stored before D103). */
export const inMinorUnits = (price: Money): Money => {
  const value = fromMinor(toMinor(price.value, price.currency), price.currency);
  return value === price.value ? price : { value, currency: price.currency };
};

/** The least (`ceil`) or greatest (`floor`) amount of minor units on that side of `value`, exactly. */
export const minorBound = (value: number, currency: string, towards: 'floor' | 'ceil'): number => {
  const { numerator, denominator } = scaled(decimalOf(value), BigInt(unitOf(currency).scale));
  return Number(roundTowards(numerator, denominator, towards));
};

const rateOf = (rates: ExchangeRates, currency: string): number | undefined =>
  currency === rates.base ? 1 : rates.rates[currency];

export const isKnownCurrency = (rates: ExchangeRates, currency: string): boolean =>
  rateOf(rates, currency) !== undefined;

/**
 * The conversion of values in `currency` (units, as stored) to minor units of `target`, through
 * the base currency with the rates as the exact decimals the file wrote, rounded once: for the
 * search, which converts whole columns of prices of one currency. The factor is reduced once;
 * each value then costs a multiplication and a division of integers.
 */
export const converter = (
  currency: string,
  target: string,
  rates: ExchangeRates,
): ((value: number) => number) => {
  const from = unitOf(currency).scale;
  if (currency === target) return (value) => unitsOf(value, from);
  const rateFrom = rateOf(rates, currency);
  const rateTo = rateOf(rates, target);
  if (rateFrom === undefined || rateTo === undefined) throw new Error('Unknown currency in conversion');
  // minor in target = minor in currency × rateTo × scale(target) / (rateFrom × scale(currency))
  const to = decimalOf(rateTo);
  const by = decimalOf(rateFrom);
  const shift = to.exponent - by.exponent;
  const { numerator, denominator } = reduced(
    to.digits * BigInt(unitOf(target).scale) * powerOfTen(Math.max(shift, 0)),
    by.digits * BigInt(from) * powerOfTen(Math.max(-shift, 0)),
  );
  const p = Number(numerator);
  const q = Number(denominator);
  const fast = numerator <= EXACT && denominator <= EXACT;
  return (value) => {
    const minor = unitsOf(value, from);
    const product = minor * p;
    if (fast && Math.abs(product) <= EXACT) return roundDivision(product, q);
    return Number(roundHalfAway(BigInt(minor) * numerator, denominator));
  };
};

/** A price in `target`, converted through the base currency and rounded once to its minor unit. */
export const convert = (price: Money, target: string, rates: ExchangeRates): Money =>
  price.currency === target
    ? inMinorUnits(price)
    : { value: fromMinor(converter(price.currency, target, rates)(price.value), target), currency: target };
