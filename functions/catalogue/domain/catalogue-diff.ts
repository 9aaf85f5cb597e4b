import type { Catalogue } from './catalogue-file';
import {
  contentHash,
  isLive,
  type Manifest,
  type ManifestEntry,
  parseStockId,
  stockId,
  TOMBSTONE,
} from './catalogue-manifest';
import type { ProductRecord } from './product';
import type { StockLevel } from './reference-data';

/**
 * What a new version of generation G writes of the shared items (docs/decisions/catalogue-versions.md D90), given
 * what the active version reads now (its live manifest, none when it is older than layout 4):
 * a product or stock level of the same content is read where it is (no write); a new or changed
 * one is written at G; one that left gets a tombstone at G, which readers take for absent.
 * Tombstones stay in the manifests while versions carry them, so a version never reads an older
 * item under one.
 */
export interface CatalogueDiff {
  readonly manifest: Manifest;
  readonly products: readonly ProductRecord[];
  readonly stocks: readonly StockLevel[];
  /** Product ids that left: a tombstone each. */
  readonly removedProducts: readonly number[];
  readonly removedStocks: readonly Pick<StockLevel, 'productId' | 'locationId'>[];
  /** Products and stock levels read where they are. */
  readonly unchanged: number;
}

/** Keys whose items must be written again whatever their hash (a failed version's leftovers: D90). */
export interface DiffOptions {
  readonly rewrite?: { readonly products: ReadonlySet<number>; readonly stocks: ReadonlySet<string> };
}

export function diffCatalogue(
  catalogue: Catalogue,
  generation: number,
  previous: Manifest | undefined,
  options: DiffOptions = {},
): CatalogueDiff {
  let unchanged = 0;
  const side = <T>(
    records: readonly T[],
    idOf: (record: T) => string,
    before: Readonly<Record<string, ManifestEntry>>,
    forced: ReadonlySet<string>,
  ) => {
    const entries: Record<string, ManifestEntry> = {};
    const written: T[] = [];
    for (const record of records) {
      const id = idOf(record);
      const hash = contentHash(record);
      const old = before[id];
      if (isLive(old) && old[1] === hash && !forced.has(id)) {
        entries[id] = old;
        unchanged += 1;
      } else {
        entries[id] = [generation, hash];
        written.push(record);
      }
    }
    const removed: string[] = [];
    for (const id of new Set([...Object.keys(before), ...forced])) {
      if (id in entries) continue;
      const old = before[id];
      if (isLive(old) || forced.has(id)) {
        entries[id] = [generation, TOMBSTONE];
        removed.push(id);
      } else if (old) entries[id] = old;
    }
    return { entries, written, removed };
  };
  const rewrite = options.rewrite;
  const products = side(
    catalogue.products,
    (p) => String(p.id),
    previous?.products ?? {},
    new Set([...(rewrite?.products ?? [])].map(String)),
  );
  const stocks = side(catalogue.stocks, stockId, previous?.stocks ?? {}, rewrite?.stocks ?? new Set());
  return {
    manifest: { generation, products: products.entries, stocks: stocks.entries },
    products: products.written,
    stocks: stocks.written,
    removedProducts: products.removed.map(Number),
    removedStocks: stocks.removed.map(parseStockId),
    unchanged,
  };
}
