import { createHash } from 'node:crypto';
import type { StockLevel } from './reference-data';

/**
 * What one version reads of the shared product and stock items (docs/decisions/catalogue-versions.md D90): for each
 * product and each (product, location), the generation of the item it reads and a hash of that
 * item's content, or a tombstone's mark. Written once per version beside its plan files; a stock
 * update never rewrites it, its file is laid over it (liveEntries).
 */

/** [generation of the item read, content hash]; the hash is TOMBSTONE for a product or stock level that left. */
export type ManifestEntry = readonly [generation: number, hash: string];
export const TOMBSTONE = '-';

export interface Manifest {
  readonly generation: number;
  /** By product id. */
  readonly products: Readonly<Record<string, ManifestEntry>>;
  /** By stockId. */
  readonly stocks: Readonly<Record<string, ManifestEntry>>;
}

/** How a manifest names a stock level: product and location (location ids hold no `|`). */
export const stockId = (s: Pick<StockLevel, 'productId' | 'locationId'>) => `${s.productId}|${s.locationId}`;
export const parseStockId = (id: string) => {
  const bar = id.indexOf('|');
  return { productId: Number(id.slice(0, bar)), locationId: id.slice(bar + 1) };
};

/** Plain JSON with every object's keys in order: the same content gives the same text. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/**
 * A record's content hash: sha256 of its canonical JSON, 16 base64url characters (96 bits: a
 * collision among 10^7 items has odds below 10^-14).
 */
export const contentHash = (record: unknown) =>
  createHash('sha256').update(canonical(record)).digest('base64url').slice(0, 16);

export const encodeManifest = (manifest: Manifest) => JSON.stringify(manifest);
export const decodeManifest = (text: string) => JSON.parse(text) as Manifest;

/**
 * What a version reads now: its manifest with its stock updates' levels laid over it, each at
 * the version's generation (a stock update writes in place, D48).
 */
export const liveEntries = (manifest: Manifest, stockUpdates: Iterable<StockLevel>): Manifest => {
  const stocks: Record<string, ManifestEntry> = { ...manifest.stocks };
  for (const stock of stockUpdates) stocks[stockId(stock)] = [manifest.generation, contentHash(stock)];
  return { ...manifest, stocks };
};

/** Whether an entry is something a reader finds (not a tombstone). */
export const isLive = (entry: ManifestEntry | undefined): entry is ManifestEntry =>
  entry !== undefined && entry[1] !== TOMBSTONE;
