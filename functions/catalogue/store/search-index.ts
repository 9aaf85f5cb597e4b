import { presignedGet } from '#commons/clients/s3-presigned';
import type { Language } from '#commons/languages';
import {
  importBucket,
  searchDocumentsKey,
  searchTextKey,
  stockSnapshotKey,
} from '#functions/contracts/keys/import-object-keys';
import { decompressSnapshot } from '../adapters/search-snapshot-codec';
import { READER_LAYOUTS, requireLayout } from '../domain/catalogue-layout';
import type { ProductIndex } from '../domain/product-search';
import { type SearchColumns, searchColumnsOf, unpackSearchColumns } from '../domain/search-columns';
import type { StockSnapshot } from '../domain/search-document';
import { emptyTextIndex, type TextIndex, unpackTextIndex } from '../domain/search-text-index';
import { stockMask } from '../domain/stock-mask';
import { ACTIVE_VERSION_CACHE_MS } from './active-version';
import type { CatalogueVersion } from './dynamodb-catalogue-store';

/**
 * The active catalogue version's search index (docs/decisions/search-engine.md D68, D91), kept by
 * the execution environment: the version's columns, read the first time a search or a listing
 * needs them and again when the active version changes (the readers' 5 s cache decides); the text
 * index of each language the first time a request is asked in it; the stock snapshot the first
 * time a search asks for `in_stock` (a listing never does), then again, only if changed (ETag), at
 * most every 5 s, since stock updates rewrite it in place. A URL is signed for each read, so
 * nothing needs the S3 client.
 */

const SIGNED_SECONDS = 60;

/** The object's bytes and ETag, or undefined when it is unchanged since `etag` (a 304). */
const fetchObject = async (key: string, etag?: string) => {
  const response = await fetch(await presignedGet(importBucket(), key, SIGNED_SECONDS), {
    headers: etag ? { 'if-none-match': etag } : {},
  });
  if (response.status === 304) return undefined;
  if (!response.ok) throw new Error(`S3 answered ${response.status} for a search snapshot`);
  return {
    bytes: new Uint8Array(await response.arrayBuffer()),
    etag: response.headers.get('etag') ?? undefined,
  };
};

const fetchPacked = async <T>(key: string, unpackBytes: (bytes: Uint8Array) => T): Promise<T> => {
  const fetched = await fetchObject(key);
  if (!fetched) throw new Error('A search snapshot answered 304 without having been asked so');
  return unpackBytes(await decompressSnapshot(fetched.bytes));
};

interface Stock {
  readonly snapshot: StockSnapshot;
  readonly etag: string | undefined;
  /** Each location's positions, made the first time a search asks for it. */
  readonly masks: Map<string, Uint8Array>;
}

const fetchStock = async (version: string, etag?: string): Promise<Stock | undefined> => {
  const fetched = await fetchObject(stockSnapshotKey(version), etag);
  if (!fetched) return undefined;
  const snapshot = JSON.parse(new TextDecoder().decode(fetched.bytes)) as StockSnapshot;
  return { snapshot, etag: fetched.etag, masks: new Map() };
};

interface Loaded {
  readonly version: string;
  readonly columns: Promise<SearchColumns>;
  readonly texts: Map<Language, Promise<TextIndex>>;
  /** Undefined until a search asks for stock. */
  stock: Promise<Stock | undefined> | undefined;
  stockCheckedAt: number;
}

let loaded: Loaded | undefined;

const loadedFor = (version: string): Loaded => {
  if (loaded?.version !== version) {
    loaded = {
      version,
      columns: fetchPacked(searchDocumentsKey(version), unpackSearchColumns),
      texts: new Map(),
      stock: undefined,
      stockCheckedAt: 0,
    };
  }
  return loaded;
};

const textOf = (current: Loaded, language: Language) => {
  let text = current.texts.get(language);
  if (!text) {
    text = fetchPacked(searchTextKey(current.version, language), unpackTextIndex);
    current.texts.set(language, text);
  }
  return text;
};

/** The stock snapshot: read the first time, then again only if changed, at most every 5 s. */
const stockOf = async (current: Loaded, now: number): Promise<Stock> => {
  if (current.stock === undefined) {
    current.stock = fetchStock(current.version);
    current.stockCheckedAt = now;
  } else if (now - current.stockCheckedAt >= ACTIVE_VERSION_CACHE_MS) {
    current.stockCheckedAt = now;
    const known = await current.stock;
    const changed = await fetchStock(current.version, known?.etag);
    if (changed) current.stock = Promise.resolve(changed);
  }
  const stock = await current.stock;
  if (!stock) throw new Error('A search snapshot answered 304 without having been asked so');
  return stock;
};

/** A request that did not ask for stock never calls for it: a call is a mistake, not "none in stock". */
const NO_STOCK = (): never => {
  throw new Error('The stock snapshot was not read for this request');
};

const indexOf = (columns: SearchColumns, text: TextIndex, stock: Stock | undefined): ProductIndex => ({
  columns,
  text,
  stock: !stock
    ? NO_STOCK
    : (location) => {
        let mask = stock.masks.get(location);
        const inStock = stock.snapshot[location];
        if (!mask && inStock) {
          mask = stockMask(columns.ids, inStock);
          stock.masks.set(location, mask);
        }
        return mask;
      },
});

const EMPTY_COLUMNS = searchColumnsOf([]);
const EMPTY_INDEX = indexOf(EMPTY_COLUMNS, emptyTextIndex('en'), {
  snapshot: {},
  etag: undefined,
  masks: new Map(),
});

/**
 * The index of a version with the text index of `language`, and its stock when `needs.stock`
 * (empty on a stage nothing was published to). A version older than the snapshots is
 * CatalogueLayoutError, a 503 (docs/decisions/catalogue-versions.md D73), never a read of files it
 * does not have. A read that fails is not kept: the next request reads again.
 */
export const searchIndex = async (
  published: CatalogueVersion | undefined,
  language: Language,
  needs: { readonly stock: boolean },
  now = performance.now(),
): Promise<ProductIndex> => {
  if (published === undefined) return EMPTY_INDEX;
  const { version, layout } = published;
  requireLayout(layout, READER_LAYOUTS.searchSnapshot);
  const current = loadedFor(version);
  try {
    const [columns, text, stock] = await Promise.all([
      current.columns,
      textOf(current, language),
      needs.stock ? stockOf(current, now) : undefined,
    ]);
    return indexOf(columns, text, stock);
  } catch (error) {
    if (loaded === current) loaded = undefined;
    throw error;
  }
};
