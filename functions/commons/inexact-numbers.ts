import { type Decimal, decimalOf, parseDecimal } from './exact-decimal';

/**
 * Finds a number in a JSON text that a double cannot keep exactly (docs/decisions/money.md D103):
 * a literal of 16 or more significant digits whose value JSON.parse changes (`19.990000000000001`
 * is read as 19.99). Amounts and rates are taken as the decimals the text wrote, so such a number
 * is refused rather than silently changed. Only a text holding a run of 16 digits is parsed again:
 * a literal of at most 15 significant digits always survives the double.
 */

/** 16 digits, a decimal point among them or not: what a literal needs to be inexact. */
const LONG_DIGITS = /\d(?:\.?\d){15}/;

const normal = ({ digits, exponent }: Decimal): Decimal => {
  let d = digits;
  let e = exponent;
  while (d !== 0n && d % 10n === 0n) {
    d /= 10n;
    e += 1;
  }
  return { digits: d, exponent: d === 0n ? 0 : e };
};

const sameDecimal = (a: Decimal, b: Decimal) => {
  const x = normal(a);
  const y = normal(b);
  return x.digits === y.digits && x.exponent === y.exponent;
};

const INEXACT = Symbol('inexact number');

/** What a file's line is told of such a number, after its path. */
export const INEXACT_NUMBER = 'has more significant digits than a number keeps exactly (15)';

const pathTo = (value: unknown, path: string): string | undefined => {
  if (value === INEXACT) return path;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = pathTo(child, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
};

/**
 * The path (`.prices.JP.value`, `[2]`, or '' for the whole text) of the first number of `text`
 * (valid JSON) that a double does not keep exactly, or undefined when every number is kept.
 */
export const inexactNumberPath = (text: string): string | undefined => {
  if (!LONG_DIGITS.test(text)) return undefined;
  let seen = false;
  const revived: unknown = JSON.parse(text, (_key, value: unknown, context?: { source?: string }) => {
    if (typeof value !== 'number' || context?.source === undefined) return value;
    if (sameDecimal(parseDecimal(context.source), decimalOf(value))) return value;
    seen = true;
    return INEXACT;
  });
  return seen ? pathTo(revived, '') : undefined;
};
