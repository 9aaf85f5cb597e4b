import { presignedGet } from '#commons/clients/s3-presigned';
import { importBucket, searchSnapshotKey, stockSnapshotKey } from '../adapters/import-object-keys';
import { miniSearchMatcher } from '../adapters/minisearch-text-matcher';
import type { ProductIndex } from '../domain/product-search';
import type { SearchSnapshot, StockSnapshot } from '../domain/search-document';
import { ACTIVE_VERSION_CACHE_MS, activeVersion } from './active-version';

/**
 * The active catalogue version's search index (docs/design.md D81), kept by the execution
 * environment: loaded from the version's snapshot in the import bucket the first time a search
 * needs it, loaded again when the active version changes (the readers' 5 s cache decides), and its
 * stock snapshot fetched again, only if changed (ETag), at most every 5 s, since stock updates
 * rewrite it in place. A URL is signed for each read, so nothing needs the S3 client.
 */

const SIGNED_SECONDS = 60;

interface Fetched<T> {
  readonly value: T;
  readonly etag: string | undefined;
}

/** The object's JSON, or undefined when it is unchanged since `etag` (a 304). */
const fetchJson = async <T>(key: string, etag?: string): Promise<Fetched<T> | undefined> => {
  const response = await fetch(await presignedGet(importBucket(), key, SIGNED_SECONDS), {
    headers: etag ? { 'if-none-match': etag } : {},
  });
  if (response.status === 304) return undefined;
  if (!response.ok) throw new Error(`S3 answered ${response.status} for a search snapshot`);
  return { value: (await response.json()) as T, etag: response.headers.get('etag') ?? undefined };
};

interface Loaded {
  readonly version: string;
  readonly documents: ProductIndex['documents'];
  readonly text: ProductIndex['text'];
  stock: Fetched<StockSnapshot>;
  stockCheckedAt: number;
}

let loading: Promise<Loaded> | undefined;

const load = async (version: string, now: number): Promise<Loaded> => {
  const [products, stock] = await Promise.all([
    fetchJson<SearchSnapshot>(searchSnapshotKey(version)),
    fetchJson<StockSnapshot>(stockSnapshotKey(version)),
  ]);
  if (!products || !stock) throw new Error('A search snapshot answered 304 without having been asked so');
  const { documents } = products.value;
  return { version, documents, text: miniSearchMatcher(documents), stock, stockCheckedAt: now };
};

const refreshStock = async (loaded: Loaded, now: number) => {
  if (now - loaded.stockCheckedAt < ACTIVE_VERSION_CACHE_MS) return;
  loaded.stockCheckedAt = now;
  const changed = await fetchJson<StockSnapshot>(stockSnapshotKey(loaded.version), loaded.stock.etag);
  if (changed) loaded.stock = changed;
};

const EMPTY: ProductIndex = { documents: [], stock: {}, text: { match: () => new Map() } };

/** The index of the active version (empty on a stage nothing was published to), and that version. */
export const activeSearchIndex = async (
  now = performance.now(),
): Promise<{ version: string | undefined; index: ProductIndex }> => {
  const active = await activeVersion(now);
  if (!active) return { version: undefined, index: EMPTY };
  let current = loading;
  if (!current || (await current.catch(() => undefined))?.version !== active.version) {
    current = load(active.version, now);
    loading = current;
    // A failed load is not kept: the next request loads again.
    current.catch(() => {
      if (loading === current) loading = undefined;
    });
  }
  const loaded = await current;
  await refreshStock(loaded, now);
  return {
    version: loaded.version,
    index: { documents: loaded.documents, stock: loaded.stock.value, text: loaded.text },
  };
};
