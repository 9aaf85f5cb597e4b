import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import Big from 'big.js';
import fc from 'fast-check';
import { minorUnitOf } from '#commons/currencies';
import {
  convert,
  converter,
  decimalsOf,
  fromMinor,
  holds,
  inMinorUnits,
  isKnownCurrency,
  minorAmount,
  minorBound,
  toMinor,
} from '#commons/money';
import { GENERATED_FILE, minorUnitsSource } from '#lib/iso-4217/minor-units-source';
import { projectRoot } from '#lib/project-paths';

const rates = { base: 'EUR', rates: { USD: 1.1, GBP: 0.85, JPY: 162.5, KWD: 0.3305 } };

describe('currencies', () => {
  it('reads a table written from dinero.js, and fresh (regenerate: npx tsx lib/iso-4217/write-minor-units.ts)', () => {
    expect(readFileSync(path.join(projectRoot, GENERATED_FILE), 'utf8')).toBe(minorUnitsSource());
  });

  it('takes each minor unit from ISO 4217', () => {
    expect(['EUR', 'USD', 'JPY', 'KRW', 'CLP', 'KWD', 'BHD', 'TND', 'CLF'].map(decimalsOf)).toEqual([
      2, 2, 0, 0, 0, 3, 3, 3, 4,
    ]);
    expect(minorUnitOf('KWD')).toEqual({ scale: 1000, decimals: 3 });
    expect(minorUnitOf('XYZ')).toBeUndefined();
    expect(minorUnitOf('MGA')).toEqual({ scale: 5, decimals: 1 });
  });
});

describe('amounts', () => {
  it('holds a value with at most the currency’s decimals, exactly', () => {
    expect(minorAmount(19.99, 'EUR')).toBe(1999);
    expect(minorAmount(0.1 + 0.2, 'EUR')).toBeUndefined();
    expect(minorAmount(5036, 'JPY')).toBe(5036);
    expect(minorAmount(1.235, 'KWD')).toBe(1235);
    expect(holds('JPY', 1234.56)).toBe(false);
    expect(holds('KWD', 1.2345)).toBe(false);
    expect(holds('EUR', 999_999_999.99)).toBe(true);
  });

  it('rounds a value its currency cannot hold once, half away from zero, from its decimal', () => {
    // 1.005 is 1.00499999999999989… in binary: Math.round(1.005 * 100) gives 100.
    expect(toMinor(1.005, 'EUR')).toBe(101);
    expect(toMinor(2.5, 'JPY')).toBe(3);
    expect(toMinor(-2.5, 'JPY')).toBe(-3);
    expect(inMinorUnits({ value: 1234.56, currency: 'JPY' })).toEqual({ value: 1235, currency: 'JPY' });
    const held = { value: 24.99, currency: 'EUR' };
    expect(inMinorUnits(held)).toBe(held);
  });

  it('gives amounts back as numbers written with exactly their decimals', () => {
    expect(JSON.stringify(fromMinor(1999, 'EUR'))).toBe('19.99');
    expect(JSON.stringify(fromMinor(1235, 'KWD'))).toBe('1.235');
    expect(JSON.stringify(fromMinor(5036, 'JPY'))).toBe('5036');
  });

  it('bounds a range by the exact amounts inside it', () => {
    expect(minorBound(10.005, 'EUR', 'ceil')).toBe(1001);
    expect(minorBound(10.005, 'EUR', 'floor')).toBe(1000);
    expect(minorBound(10, 'EUR', 'ceil')).toBe(1000);
    expect(minorBound(162.5, 'JPY', 'floor')).toBe(162);
  });
});

describe('conversion', () => {
  it('converts through the base currency and rounds once to the target’s minor unit', () => {
    expect(convert({ value: 10, currency: 'EUR' }, 'USD', rates)).toEqual({ value: 11, currency: 'USD' });
    expect(convert({ value: 8.5, currency: 'GBP' }, 'USD', rates)).toEqual({ value: 11, currency: 'USD' });
    expect(convert({ value: 19.99, currency: 'USD' }, 'GBP', rates)).toEqual({
      value: 15.45,
      currency: 'GBP',
    });
    expect(convert({ value: 30.99, currency: 'EUR' }, 'JPY', rates)).toEqual({
      value: 5036,
      currency: 'JPY',
    });
    expect(convert({ value: 10, currency: 'EUR' }, 'KWD', rates)).toEqual({ value: 3.305, currency: 'KWD' });
  });

  it('rounds exact ties away from zero, whichever way the binary product falls', () => {
    // EUR 0.04, 0.20, 1.00 × 162.5 are 6.5, 32.5, 162.5 JPY exactly; 1.00 × 0.3305 is 0.3305 KWD.
    const toJpy = (value: number) => convert({ value, currency: 'EUR' }, 'JPY', rates).value;
    expect([0.04, 0.2, 1, 0.12].map(toJpy)).toEqual([7, 33, 163, 20]);
    expect(convert({ value: 1, currency: 'EUR' }, 'KWD', rates).value).toBe(0.331);
    // 394873.375 and 3085.875 were shown .37 and .87: a two-decimal target at the same rate.
    const half = { base: 'EUR', rates: { USD: 162.5 } };
    expect(convert({ value: 2429.99, currency: 'EUR' }, 'USD', half).value).toBe(394873.38);
    expect(convert({ value: 18.99, currency: 'EUR' }, 'USD', half).value).toBe(3085.88);
  });

  it('takes a price in its own currency as its currency holds it', () => {
    const price = { value: 9.99, currency: 'GBP' };
    expect(convert(price, 'GBP', rates)).toBe(price);
    expect(converter('GBP', 'GBP', rates)(9.99)).toBe(999);
  });

  it('knows the base currency and the listed ones only', () => {
    expect(isKnownCurrency(rates, 'EUR')).toBe(true);
    expect(isKnownCurrency(rates, 'USD')).toBe(true);
    expect(isKnownCurrency(rates, 'CHF')).toBe(false);
    expect(() => convert({ value: 1, currency: 'EUR' }, 'CHF', rates)).toThrow();
  });
});

/** The exact decimal reference: big.js at 60 decimals, then one rounding half away from zero (Big.roundHalfUp). */
const reference = (value: string, to: string, rateFrom: string, rateTo: string) => {
  Big.DP = 60;
  const exact = new Big(value).times(rateTo).div(rateFrom);
  return Number(exact.round(decimalsOf(to), Big.roundHalfUp).toString());
};

const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'KRW', 'KWD', 'BHD', 'CLF', 'CHF', 'ISK'];

/** A decimal with at most `decimals` decimals, written as a JSON file writes it. */
const decimal = (decimals: number, maxUnits: number) =>
  fc
    .bigInt({ min: 0n, max: BigInt(maxUnits) * 10n ** BigInt(decimals) })
    .map((minor) => new Big(minor.toString()).div(new Big(10).pow(decimals)).toString());

/** A rate as a file writes one: 1 to 9 significant digits, from 0.0001 to 100,000. */
const rate = fc
  .tuple(fc.integer({ min: 1, max: 999_999_999 }), fc.integer({ min: -12, max: 0 }))
  .map(([digits, exponent]) => new Big(digits).times(new Big(10).pow(exponent)).toString())
  .filter((r) => Number(r) >= 0.0001 && Number(r) <= 100_000);

describe('conversion against an exact decimal reference', () => {
  it('agrees on random amounts, rates and currencies, ties included', () => {
    const cases = fc
      .record({
        from: fc.constantFrom(...CURRENCIES),
        to: fc.constantFrom(...CURRENCIES),
        rateFrom: rate,
        rateTo: rate,
      })
      .chain((c) => decimal(decimalsOf(c.from), 1_000_000).map((value) => ({ ...c, value })));
    let differences = 0;
    fc.assert(
      fc.property(cases, ({ from, to, rateFrom, rateTo, value }) => {
        const base = from === 'EUR' || to === 'EUR' ? 'XXX' : 'EUR';
        const table = { base, rates: { [from]: Number(rateFrom), [to]: Number(rateTo) } };
        const expected = from === to ? Number(value) : reference(value, to, rateFrom, rateTo);
        // Amounts are exact up to 2^53 minor units (90 trillion euros): larger results are out of the model.
        fc.pre(Math.abs(expected) * 10 ** decimalsOf(to) <= 2 ** 53);
        const got = fromMinor(converter(from, to, table)(Number(value)), to);
        if (got !== expected) differences += 1;
        return got === expected;
      }),
      { numRuns: 20_000, seed: 32 },
    );
    expect(differences).toBe(0);
  });

  it('agrees at constructed exact ties', () => {
    // From CLF (4 decimals) at 0.5, (2k + 1) minor units of the target are k + ½ of them: the rule alone decides.
    const targets = CURRENCIES.filter((c) => c !== 'CLF');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(...targets), (k, to) => {
        const scale = 10 ** decimalsOf(to);
        const table = { base: 'CLF', rates: { [to]: 0.5 } };
        const minor = converter('CLF', to, table)(Number(new Big(2 * k + 1).div(scale).toString()));
        return minor === k + 1;
      }),
      { numRuns: 2_000, seed: 33 },
    );
  });
});
