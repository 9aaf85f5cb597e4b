import * as iso4217 from 'dinero.js/currencies';

/**
 * The text of functions/commons/iso-4217-minor-units.ts, made from dinero.js's ISO 4217
 * currencies (docs/decisions/money.md D103): one line a currency, its code, base and exponent.
 * The functions read this text rather than dinero.js's module, whose 166 objects cost every
 * function that shows a price about 3 % of its import (measured, docs/performance.md).
 */

interface Definition {
  readonly code: string;
  readonly base: number | readonly number[];
  readonly exponent: number;
}

export const GENERATED_FILE = 'functions/commons/iso-4217-minor-units.ts';

export const minorUnitsSource = (): string => {
  const definitions = Object.values(iso4217 as Readonly<Record<string, Definition>>).sort((a, b) =>
    a.code < b.code ? -1 : a.code > b.code ? 1 : 0,
  );
  const lines = definitions.map(({ code, base, exponent }) => {
    if (typeof base !== 'number')
      throw new Error(`${code} has several bases, which the money model does not take`);
    return `${code} ${base} ${exponent}`;
  });
  return [
    '/**',
    " * Written by lib/iso-4217/write-minor-units.ts from dinero.js's ISO 4217 currencies",
    ' * (docs/decisions/money.md D103); do not edit: test/unit/commons/money.test.ts fails when',
    ' * it is stale. One line a currency: its code, the base of its minor unit and its exponent.',
    ' */',
    `export const ISO_4217_MINOR_UNITS = \`${lines.join('\n')}\`;`,
    '',
  ].join('\n');
};
