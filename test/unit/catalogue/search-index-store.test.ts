/**
 * The search functions' copy of the active version's search snapshot (docs/decisions/search-engine.md D68): read
 * from the import bucket (through a stubbed fetch) the first time a search needs it, a language
 * only when asked, again for a new version, the stock again when its ETag changed.
 */
import { gzipSync } from 'node:zlib';
import { CATALOGUE_LAYOUT } from '#functions/catalogue/domain/catalogue-layout';
import { searchSnapshotOf } from '#functions/catalogue/domain/search-snapshot';
import { labelOf } from '#functions/catalogue/domain/search-text-index';
import { searchIndex } from '#functions/catalogue/store/search-index';
import { CATALOGUE_ENV } from '#functions/contracts/environment';
import {
  searchDocumentsKey,
  searchTextKey,
  stockSnapshotKey,
} from '#functions/contracts/keys/import-object-keys';
import { product } from './product-fixtures';

process.env[CATALOGUE_ENV.bucket] = 'imports-test';
process.env.AWS_ACCESS_KEY_ID ??= 'test';
process.env.AWS_SECRET_ACCESS_KEY ??= 'test';

/** What a search on `in_stock` asks the index for; a listing asks for no stock. */
const STOCK = { stock: true };
const NO_STOCK = { stock: false };

/** A version in this code's layout, which has the snapshot files. */
const at = (version: string) => ({ version, layout: CATALOGUE_LAYOUT });
const objects = new Map<string, { body: Uint8Array | string; etag: string }>();
const reads: string[] = [];
const publish = (version: string, label: string) => {
  const snapshot = searchSnapshotOf(
    [product(1, { label: { en: label, fr: `${label} (fr)` } }), product(2)],
    ['en', 'fr'],
  );
  objects.set(searchDocumentsKey(version), { body: gzipSync(snapshot.documents), etag: '"d"' });
  for (const language of ['en', 'fr'] as const) {
    objects.set(searchTextKey(version, language), {
      body: gzipSync(snapshot.texts.get(language)!),
      etag: '"t"',
    });
  }
  objects.set(stockSnapshotKey(version), { body: '{"paris-1":[1]}', etag: '"s1"' });
};

beforeAll(() => {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    const key = decodeURIComponent(new URL(String(url)).pathname).replace(/^\/(imports-test\/)?/, '');
    reads.push(key);
    const object = objects.get(key);
    if (!object) return new Response('', { status: 404 });
    if (new Headers(init?.headers).get('if-none-match') === object.etag)
      return new Response(null, { status: 304 });
    return new Response(object.body, { headers: { etag: object.etag } });
  });
});
beforeEach(() => {
  reads.length = 0;
});

it('reads the columns, the stock and the asked language once, then another language when asked', async () => {
  publish('v1', 'Garden');
  const index = await searchIndex(at('v1'), 'en', STOCK, 0);
  expect(labelOf(index.text, 0)).toBe('Garden');
  expect([...index.stock('paris-1')!]).toEqual([1, 0]);
  expect(reads.sort()).toEqual([
    'versions/v1/search-documents.bin.gz',
    'versions/v1/search-stock.json',
    'versions/v1/search-text-en.bin.gz',
  ]);
  await searchIndex(at('v1'), 'en', STOCK, 1000);
  expect(reads).toHaveLength(3);
  expect(labelOf((await searchIndex(at('v1'), 'fr', STOCK, 2000)).text, 0)).toBe('Garden (fr)');
  expect(reads.at(-1)).toBe('versions/v1/search-text-fr.bin.gz');
});

it('asks for the stock again after 5 s, and takes it only when its ETag changed', async () => {
  await searchIndex(at('v1'), 'en', STOCK, 6000);
  expect(reads).toEqual(['versions/v1/search-stock.json']);
  objects.set(stockSnapshotKey('v1'), { body: '{"paris-1":[2]}', etag: '"s2"' });
  expect([...(await searchIndex(at('v1'), 'en', STOCK, 8000)).stock('paris-1')!]).toEqual([1, 0]);
  expect([...(await searchIndex(at('v1'), 'en', STOCK, 12_000)).stock('paris-1')!]).toEqual([0, 1]);
});

it('reads a new version whole, and reads again after a read that failed', async () => {
  await expect(searchIndex(at('v2'), 'en', STOCK, 20_000)).rejects.toThrow('S3 answered 404');
  publish('v2', 'Orchard');
  expect(labelOf((await searchIndex(at('v2'), 'en', STOCK, 21_000)).text, 0)).toBe('Orchard');
  expect((await searchIndex(undefined, 'en', STOCK)).columns.count).toBe(0);
});

it('reads nothing of a version older than the snapshots: the search is unavailable until it is upgraded', async () => {
  publish('v3', 'Meadow');
  for (const layout of [1, 2]) {
    await expect(searchIndex({ version: 'v3', layout }, 'en', STOCK, 30_000)).rejects.toMatchObject({
      name: 'CatalogueLayoutError',
      retryAfterSeconds: 5,
    });
  }
  expect(reads).toEqual([]);
});

it('reads no stock for a listing, and the stock the first time a search asks for it', async () => {
  publish('v4', 'Hedge');
  const listing = await searchIndex(at('v4'), 'en', NO_STOCK, 40_000);
  expect(reads.sort()).toEqual(['versions/v4/search-documents.bin.gz', 'versions/v4/search-text-en.bin.gz']);
  expect(() => listing.stock('paris-1')).toThrow('The stock snapshot was not read for this request');
  const search = await searchIndex(at('v4'), 'en', STOCK, 40_001);
  expect([...search.stock('paris-1')!]).toEqual([1, 0]);
  expect(reads.slice(2)).toEqual(['versions/v4/search-stock.json']);
  await searchIndex(at('v4'), 'en', STOCK, 41_000);
  expect(reads).toHaveLength(3);
});
