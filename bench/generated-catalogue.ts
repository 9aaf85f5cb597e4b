/**
 * The benchmarks' large catalogues: the seed's 200 products repeated under ids 1..count, each with
 * the stock levels of its model, as catalogue file lines. Made a line at a time (100,000 products
 * are a 200 MB file: written to a file as they are made, never held as objects), so generating
 * them takes seconds, not minutes.
 *
 * `revision` makes a catalogue that shares nothing with the seed or another revision: every
 * price and every stock quantity is raised by it, so every product and stock level is a changed
 * item. `repriced` raises the prices of some products by one more: the 1 % change of a daily
 * price update.
 */

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { catalogueLines, parseCatalogue } from '#functions/contracts/catalogue-file-format';
import { seedCatalogueText } from '#local/seed/catalogue-file-seed';

export interface GeneratedOptions {
  /** Added to every price and stock quantity (0: the seed's own). */
  readonly revision?: number;
  /** Products whose prices get one more than `revision`. */
  readonly repriced?: (id: number) => boolean;
}

type Money = { readonly value: number; readonly currency: string };
const raised = (money: Money, by: number): Money => ({
  ...money,
  value: Math.round((money.value + by) * 100) / 100,
});

const seedModel = () => {
  const parsed = parseCatalogue(seedCatalogueText());
  if (!parsed.ok) throw new Error('the seed catalogue does not parse');
  const { products, stocks } = parsed.catalogue;
  const lines = catalogueLines({ ...parsed.catalogue, products: [], stocks: [] });
  return {
    referenceLines: lines,
    products,
    stocksOf: new Map(products.map((p) => [p.id, stocks.filter((s) => s.productId === p.id)])),
  };
};

/** The file's lines, one at a time: the reference data, the products, then their stock levels. */
export function* generatedLines(count: number, options: GeneratedOptions = {}): Generator<string> {
  const { referenceLines, products, stocksOf } = seedModel();
  const revision = options.revision ?? 0;
  const model = (id: number) => products[(id - 1) % products.length]!;
  yield* referenceLines;
  for (let id = 1; id <= count; id++) {
    const product = model(id);
    const by = revision + (options.repriced?.(id) ? 1 : 0);
    yield JSON.stringify({
      kind: 'product',
      ...product,
      id,
      basePrice: raised(product.basePrice, by),
      prices: Object.fromEntries(Object.entries(product.prices).map(([c, m]) => [c, raised(m, by)])),
    });
  }
  for (let id = 1; id <= count; id++) {
    for (const stock of stocksOf.get(model(id).id) ?? [])
      yield JSON.stringify({ kind: 'stock', ...stock, productId: id, quantity: stock.quantity + revision });
  }
}

/** The whole file as one text (for the sizes a request carries: tens of thousands of products). */
export const generated = (count: number, options: GeneratedOptions = {}): string =>
  `${[...generatedLines(count, options)].join('\n')}\n`;

/** Writes the file line by line; resolves to its size in bytes. */
export async function writeGenerated(
  file: string,
  count: number,
  options: GeneratedOptions = {},
): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  for (const line of generatedLines(count, options)) {
    bytes += Buffer.byteLength(line) + 1;
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}
