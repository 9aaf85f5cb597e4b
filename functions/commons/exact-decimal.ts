/**
 * Decimals held exactly, as an integer of digits and a power of ten (docs/decisions/money.md D103).
 * A JSON number is read as the decimal its text wrote: a double's shortest round-trip form
 * (`String(1.08)` is `1.08`, not the binary neighbour 1.0800000000000000710…) is that decimal
 * whenever the text had at most 15 significant digits, and the catalogue refuses a number a
 * double cannot keep (inexact-numbers.ts).
 */

/** `digits × 10^exponent`, exactly. */
export interface Decimal {
  readonly digits: bigint;
  readonly exponent: number;
}

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/** The decimal a number literal writes (`1.08`, `-0.5`, `1e-7`, `2.5E+21`). */
export const parseDecimal = (text: string): Decimal => {
  const match = NUMBER.exec(text);
  if (!match) throw new Error('Not a decimal number');
  const [, sign = '', whole = '', fraction = '', power = '0'] = match;
  const digits = BigInt(`${sign}${whole}${fraction}`);
  return { digits, exponent: Number(power) - fraction.length };
};

/** The decimal a finite number stands for: its shortest round-trip form. */
export const decimalOf = (value: number): Decimal => {
  if (!Number.isFinite(value)) throw new Error('Not a finite number');
  return parseDecimal(String(value));
};

const TEN = 10n;
export const powerOfTen = (n: number): bigint => TEN ** BigInt(n);

/**
 * `numerator / denominator` (denominator > 0) rounded to an integer, half away from zero: the one
 * rounding of every amount (docs/decisions/money.md D104).
 */
export const roundHalfAway = (numerator: bigint, denominator: bigint): bigint => {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const quotient = n / denominator;
  const up = (n % denominator) * 2n >= denominator ? quotient + 1n : quotient;
  return negative ? -up : up;
};

/** `numerator / denominator` (denominator > 0) rounded towards minus or plus infinity. */
export const roundTowards = (numerator: bigint, denominator: bigint, towards: 'floor' | 'ceil'): bigint => {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  if (towards === 'floor') return numerator < 0n ? quotient - 1n : quotient;
  return numerator < 0n ? quotient : quotient + 1n;
};

/** `decimal × factor` as a fraction of integers: numerator and a positive denominator. */
export const scaled = (decimal: Decimal, factor: bigint): { numerator: bigint; denominator: bigint } =>
  decimal.exponent >= 0
    ? { numerator: decimal.digits * factor * powerOfTen(decimal.exponent), denominator: 1n }
    : { numerator: decimal.digits * factor, denominator: powerOfTen(-decimal.exponent) };

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/** A fraction in lowest terms. */
export const reduced = (numerator: bigint, denominator: bigint) => {
  const divisor = gcd(numerator, denominator) || 1n;
  return { numerator: numerator / divisor, denominator: denominator / divisor };
};
