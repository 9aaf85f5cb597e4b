import { ISO_4217_MINOR_UNITS } from './iso-4217-minor-units';

/**
 * Each currency's minor unit, from ISO 4217 as dinero.js publishes it (docs/decisions/money.md D103):
 * the one table the whole service reads (catalogue and event checks, listings, search, orders,
 * the report). An amount of a currency is a whole number of its minor units: 1/100 of a euro,
 * 1 yen, 1/1,000 of a Kuwaiti dinar, 1/5 of an ariary. The table is written from dinero.js into
 * iso-4217-minor-units.ts (lib/iso-4217/), read on first use.
 */

export interface MinorUnit {
  /** Minor units in one unit of the currency: 100 for EUR, 1 for JPY, 1,000 for KWD, 5 for MGA. */
  readonly scale: number;
  /** Decimals an amount is written with at most: 2 for EUR, 0 for JPY, 3 for KWD, 1 for MGA. */
  readonly decimals: number;
}

const decimalsOfScale = (scale: number) => {
  let decimals = 0;
  // The decimals of 1/scale: scale is 10^n or another small base's power, whose inverse terminates.
  for (let step = 1 / scale; Math.round(step * 10 ** decimals) / 10 ** decimals !== step; ) decimals += 1;
  return decimals;
};

let units: ReadonlyMap<string, MinorUnit> | undefined;

const table = (): ReadonlyMap<string, MinorUnit> => {
  units ??= new Map(
    ISO_4217_MINOR_UNITS.split('\n').map((line) => {
      const [code = '', base, exponent] = line.split(' ');
      const scale = Number(base) ** Number(exponent);
      return [code, { scale, decimals: decimalsOfScale(scale) }];
    }),
  );
  return units;
};

/** The minor unit of an ISO 4217 currency (`EUR`, `JPY`, `KWD`), undefined for a code ISO 4217 does not list. */
export const minorUnitOf = (currency: string): MinorUnit | undefined => table().get(currency);

export const isIsoCurrency = (currency: string): boolean => table().has(currency);
