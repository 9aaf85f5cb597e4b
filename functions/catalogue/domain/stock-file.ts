import { stockId } from './catalogue-rules';
import { type LineError, LineErrors, readJsonLines } from './json-lines';
import { checkStockLine } from './line-validator';
import type { StockUpdate } from './stock-update';

/**
 * A stock file (docs/catalogue.md): JSON Lines of `{ productId, locationId, quantity }`, applied
 * in place to the active catalogue. The same rules as a catalogue file for bad lines: one bad
 * line refuses the whole file. Whether each product exists is the service's check, not the file's.
 */

export type StockParse =
  | { readonly ok: true; readonly updates: readonly StockUpdate[] }
  | { readonly ok: false; readonly errors: readonly LineError[]; readonly lines: number };

export function parseStockFile(text: string): StockParse {
  const errors = new LineErrors();
  const firstLine = new Map<string, number>();
  const updates: StockUpdate[] = [];
  const { lines } = readJsonLines(text, errors, (value, line) => {
    const checked = checkStockLine(value);
    if (!checked.ok) return errors.add(line, checked.message);
    const update = checked.value;
    const first = firstLine.get(stockId(update));
    if (first !== undefined)
      return errors.add(
        line,
        `stock of product ${update.productId} at ${update.locationId} is already declared on line ${first}`,
      );
    firstLine.set(stockId(update), line);
    updates.push(update);
  });
  return errors.list.length > 0 ? { ok: false, errors: errors.list, lines } : { ok: true, updates };
}
