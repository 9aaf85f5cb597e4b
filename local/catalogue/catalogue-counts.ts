/**
 * A publish record's counts in words, as the sandbox's banner and the catalogue command print them:
 * "1,400 products, 1 item written". The records keep the keys the workflow writes (products,
 * stocks, countries, businessUnits; items and unchanged since docs/decisions/catalogue-versions.md
 * D90), which are not what an operator reads.
 */
const NAMES: Readonly<Record<string, readonly [one: string, many: string]>> = {
  products: ['product', 'products'],
  stocks: ['stock level', 'stock levels'],
  countries: ['country', 'countries'],
  businessUnits: ['business unit', 'business units'],
  items: ['item written', 'items written'],
  unchanged: ['unchanged', 'unchanged'],
};

/** What a catalogue holds, the keys the banner names. */
export const HELD_COUNTS = ['products', 'stocks', 'countries', 'businessUnits'] as const;

/** `counts` in words, in the order of `keys` (all of them, in the record's order, by default). */
export const countsInWords = (
  counts: Readonly<Record<string, number>>,
  keys: readonly string[] = Object.keys(counts),
): string =>
  keys
    .filter((key) => counts[key] !== undefined)
    .map((key) => {
      const n = counts[key]!;
      const [one, many] = NAMES[key] ?? [key, key];
      return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
    })
    .join(', ');
