import { decimalsOf, unitsOf } from '#commons/money';
import type { OrderRecord } from '../../orders/domain/order';

/** Orders by creation (`createdAt`, then id), the order the report lists them in. */
export const byCreation = (a: OrderRecord, b: OrderRecord) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id;

const groupThousands = (digits: string) => {
  if (digits.length <= 3) return digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3);
  return out;
};

/** A whole number with thousands separators: 12345 → `12,345`. */
export const formatCount = (n: number) => (n < 0 ? '-' : '') + groupThousands(String(Math.abs(n)));

/** The decimals of a currency's minor unit (EUR 2, JPY 0, KWD 3), from the service's one table (docs/decisions/money.md D103). */
export const fractionDigits = (currency: string): number => decimalsOf(currency);

/** An amount in minor units (cents) as `1,234.56` with the currency's number of decimals. */
export const formatMinor = (minor: number, digits: number) => {
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  const whole = groupThousands(abs.slice(0, abs.length - digits));
  return digits === 0 ? sign + whole : sign + whole + '.' + abs.slice(abs.length - digits);
};

/**
 * A value in major units as a whole number of its last decimal (`digits` of them): exact for an
 * amount its currency holds, rounded once for an order stored before D103. Rows and totals both
 * go through it, so the totals are the sums of the rows printed.
 */
export const toMinor = (value: number, digits: number) => unitsOf(value, 10 ** digits);

/** `paid` → `Paid`. */
export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** `2026-02-03 14:05:06 UTC`. */
export const formatUtc = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ') + ' UTC';

export interface CurrencyTotal {
  readonly currency: string;
  /** The sum in minor units of `currency` (exact: no floating-point drift over many orders). */
  readonly minor: number;
  readonly digits: number;
  readonly count: number;
}

/** The sum of order totals per currency, never converted, currencies in alphabetical order. */
export const totalsByCurrency = (orders: readonly OrderRecord[]): CurrencyTotal[] => {
  const sums = new Map<string, { minor: number; count: number; digits: number }>();
  for (const { total } of orders) {
    let sum = sums.get(total.currency);
    if (!sum) {
      sum = { minor: 0, count: 0, digits: fractionDigits(total.currency) };
      sums.set(total.currency, sum);
    }
    sum.minor += toMinor(total.value, sum.digits);
    sum.count++;
  }
  return [...sums]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, sum]) => ({ currency, ...sum }));
};
