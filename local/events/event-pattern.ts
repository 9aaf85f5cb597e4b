/**
 * EventBridge's event pattern matching, for the patterns a rule of this stack may hold: a field
 * matches when its value (or any element of an array value) equals one of the pattern's literals
 * or satisfies one of its filters (`prefix`, `exists`, `anything-but` with literals); nested
 * objects match field by field, and every field of the pattern must match. No maintained npm
 * package does this (docs/decisions/order-and-user-events.md D47); a pattern with any other filter is refused, so the
 * sandbox never matches differently from AWS without saying so.
 */
export type EventPattern = { readonly [field: string]: EventPattern | readonly unknown[] };

export class UnsupportedPattern extends Error {}

type Literal = string | number | boolean | null;

const isLiteral = (value: unknown): value is Literal =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values a field holds for matching: an array's elements, or the value itself. */
const valuesOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

const matchesFilter = (filter: Record<string, unknown>, present: boolean, value: unknown): boolean => {
  const [name, argument, ...more] = Object.entries(filter).flat();
  if (more.length > 0)
    throw new UnsupportedPattern(`A filter has one operator, got ${JSON.stringify(filter)}`);
  switch (name) {
    case 'exists':
      return argument === present;
    case 'prefix':
      if (typeof argument !== 'string') throw new UnsupportedPattern('prefix takes a string');
      return present && valuesOf(value).some((v) => typeof v === 'string' && v.startsWith(argument));
    case 'anything-but': {
      const excluded = valuesOf(argument);
      if (!excluded.every(isLiteral)) throw new UnsupportedPattern('anything-but takes literals here');
      return present && valuesOf(value).some((v) => isLiteral(v) && !excluded.includes(v));
    }
    default:
      throw new UnsupportedPattern(`The sandbox does not match the filter ${JSON.stringify(name)}`);
  }
};

const matchesField = (
  pattern: EventPattern | readonly unknown[],
  present: boolean,
  value: unknown,
): boolean => {
  if (!Array.isArray(pattern)) {
    return present && isPlainObject(value) && matchesPattern(pattern as EventPattern, value);
  }
  return pattern.some((element) => {
    if (isLiteral(element)) return present && valuesOf(value).some((v) => v === element);
    if (isPlainObject(element)) return matchesFilter(element, present, value);
    throw new UnsupportedPattern(`Unexpected pattern element ${JSON.stringify(element)}`);
  });
};

/** Whether an event (EventBridge's envelope, with its detail) matches the pattern. */
export function matchesPattern(pattern: EventPattern, event: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(pattern).every(([field, fieldPattern]) =>
    matchesField(fieldPattern, Object.hasOwn(event, field), event[field]),
  );
}
