/**
 * Catalogue publishing against a sandbox of its own (the shared one serves the seed to the other
 * tests): the file a team exports, changes and publishes, a file with one bad line, readers
 * during a publish, stock in place, two publishes at once, and the previous version's removal.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { readActive, readActiveCatalogue } from '#cli/catalogue/read-catalogue';
import { catalogueLines, parseCatalogue } from '#functions/catalogue/domain/catalogue-file';
import type { ProductRecord } from '#functions/catalogue/domain/product';
import { ACTIVE_VERSION_CACHE_MS } from '#functions/catalogue/store/active-version';
import { productItemKey, referenceDataKey, versionRecordKey } from '#functions/contracts/keys/catalogue-keys';
import { type CatalogueTarget, sandboxTarget } from '#local/catalogue/catalogue-target';
import { publishFile } from '#local/catalogue/publish-file';
import { seedCatalogueText } from '#local/seed/catalogue-file-seed';
import { type BatchSandbox, startBatchSandbox, waitUntil } from './support/batches';

const seedText = seedCatalogueText();
const seed = (() => {
  const parsed = parseCatalogue(seedText);
  if (!parsed.ok) throw new Error('the seed catalogue does not parse');
  return parsed.catalogue;
})();

/** The seed catalogue with `change` applied to each product, and products added or left out. */
const changed = (
  change: (p: ProductRecord) => ProductRecord | undefined,
  added: readonly ProductRecord[] = [],
): string => {
  const products = [...seed.products.map(change).filter((p) => p !== undefined), ...added];
  const ids = new Set(products.map((p) => p.id));
  return `${catalogueLines({ ...seed, products, stocks: seed.stocks.filter((s) => ids.has(s.productId)) }).join('\n')}\n`;
};

/** What a client sees of the catalogue: lists, a product, the countries. */
const PROBES = [
  '/products?limit=100',
  '/products?limit=100&page=2',
  '/products/1',
  '/countries/FR/products?limit=50',
  '/countries',
];

describe('publishing a catalogue', () => {
  let sandbox: BatchSandbox;
  let target: CatalogueTarget;
  const answers = async () =>
    Promise.all(
      PROBES.map(async (probe) => {
        const { status, body } = await sandbox.api(probe);
        return { probe, status, body };
      }),
    );
  /** Publishes, then waits out the readers' cache of the active version, after which every reader sees the outcome. */
  const publish = async (kind: 'catalogue' | 'stock', text: string) => {
    const outcome = await publishFile(target, kind, text);
    await sleep(ACTIVE_VERSION_CACHE_MS + 500);
    return outcome;
  };

  const searchIds = async (criteria: Record<string, unknown>) => {
    const { status, body } = await sandbox.api('/products/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(criteria),
    });
    expect(status).toBe(200);
    return (body as { id: string }[]).map((p) => p.id);
  };

  beforeAll(async () => {
    sandbox = await startBatchSandbox();
    target = sandboxTarget(sandbox.running);
  });
  afterAll(async () => {
    target?.close();
    await sandbox?.stop();
  });

  it('exports the seed as the file it was published from, and publishing the export changes no answer', async () => {
    const exported = await readActiveCatalogue(target);
    expect(`${catalogueLines(exported!).join('\n')}\n`).toBe(seedText);
    const before = await answers();
    const outcome = await publish('catalogue', seedText);
    expect(outcome.status).toBe('SUCCEEDED');
    expect(await answers()).toEqual(before);
  });

  it('shows exactly the new catalogue: a changed label and price, a removed and an added product', async () => {
    const added = { ...seed.products[0]!, id: 201, label: { en: 'A product added by the publish' } };
    const text = changed(
      (p) =>
        p.id === 200
          ? undefined
          : p.id === 1
            ? {
                ...p,
                label: { ...p.label, en: 'Renamed by the publish' },
                prices: { ...p.prices, FR: { value: 12.34, currency: 'EUR' } },
              }
            : p,
      [added],
    );
    const outcome = await publish('catalogue', text);
    expect(outcome).toMatchObject({ status: 'SUCCEEDED', record: { counts: { products: 200 } } });
    expect((await sandbox.api('/products/1')).body).toMatchObject({ label: 'Renamed by the publish' });
    expect((await sandbox.api('/products/201')).body).toMatchObject({
      id: 201,
      label: 'A product added by the publish',
    });
    expect((await sandbox.api('/products/200')).status).toBe(404);
    // List entries carry their id as a string (docs/api.md), and a price in a country's list.
    const page = (await sandbox.api('/countries/FR/products?limit=100')).body as { id: string }[];
    expect(page[0]).toMatchObject({ id: '1', label: 'Renamed by the publish', price: { value: 12.34 } });
    const last = (await sandbox.api('/products?limit=100&page=2')).body as { id: string }[];
    expect(last.map((p) => p.id).at(-1)).toBe('201');
    expect(last.map((p) => p.id)).not.toContain('200');
    // The search reads the new version's snapshot (docs/decisions/search-engine.md D68).
    expect(await searchIds({ text: 'renamed' })).toEqual(['1']);
    expect(await searchIds({ text: 'added by the publish' })).toEqual(['201']);
  });

  it('refuses a file with one bad line in the middle, with its line number, and changes no answer', async () => {
    const before = await answers();
    const lines = seedText.trimEnd().split('\n');
    const middle = Math.floor(lines.length / 2);
    lines[100] = lines[100]!
      .replace('"type":"book"', '"type":"boook"')
      .replace('"type":"computer"', '"type":"boook"');
    const outcome = await publish('catalogue', `${lines.join('\n')}\n`);
    expect(outcome.status).toBe('FAILED');
    expect(outcome.record?.errors).toEqual([{ line: 101, message: expect.stringContaining('product.type') }]);
    expect(middle).toBeGreaterThan(101);
    expect(await answers()).toEqual(before);
  });

  it('lets readers see only whole versions while a publish switches', async () => {
    const stamp = (tag: string) => changed((p) => ({ ...p, label: { en: `${tag} ${p.id}` } }));
    expect((await publish('catalogue', stamp('old'))).status).toBe('SUCCEEDED');
    let publishing = true;
    const seen = new Set<string>();
    const reader = async () => {
      while (publishing) {
        const page = await sandbox.api('/products?limit=100');
        const tags = new Set((page.body as { label: string }[]).map((p) => p.label.split(' ')[0]));
        // One answer, one version: every label of a page carries the same tag.
        expect(tags.size).toBe(1);
        for (const tag of tags) seen.add(tag!);
      }
    };
    const readers = Array.from({ length: 8 }, reader);
    const outcome = await publishFile(target, 'catalogue', stamp('new'));
    // The readers' cached version expires within 5 s: wait until they all see the new one.
    await waitUntil(
      async () =>
        ((await sandbox.api('/products/1')).body as { label: string }).label === 'new 1' || undefined,
      10_000,
      'the new version to be served',
    );
    await sleep(ACTIVE_VERSION_CACHE_MS + 1_000);
    publishing = false;
    await Promise.all(readers);
    expect(outcome.status).toBe('SUCCEEDED');
    expect([...seen].sort()).toEqual(['new', 'old']);
    // Once the new version is seen, the search finds the new labels and none of the old ones.
    await sleep(ACTIVE_VERSION_CACHE_MS + 500);
    expect(await searchIds({ text: 'old' })).toEqual([]);
    expect(await searchIds({ text: 'new', limit: 3 })).toEqual(['1', '2', '3']);
  });

  it('removes the previous version once the grace period is over: its reference data and what no version reads', async () => {
    const before = await readActive(target);
    const outcome = await publishFile(target, 'catalogue', seedText);
    expect(outcome.status).toBe('SUCCEEDED');
    const get = (Key: Record<string, string>) =>
      target.doc.send(new GetCommand({ TableName: target.tableName, Key }));
    // Product 1 as the previous version wrote it ("new 1"): the seed's label supersedes it.
    const oldProduct = () => get(productItemKey(1, before!.generation!));
    const oldReference = () => get(referenceDataKey(before!.version));
    expect((await oldProduct()).Item).toBeDefined();
    // The version's record goes last, after its items and files.
    await waitUntil(
      async () => (await get(versionRecordKey(before!.version))).Item === undefined || undefined,
      40_000,
      "the previous version's removal",
    );
    expect((await oldProduct()).Item).toBeUndefined();
    expect((await oldReference()).Item).toBeUndefined();
    expect(((await sandbox.api('/products/1')).body as { label: string }).label).not.toBe('new 1');
  });

  it('updates stock in place, and refuses a stock line for an unknown product', async () => {
    const outcome = await publish(
      'stock',
      '{"productId":2,"locationId":"paris-1","quantity":41}\n{"productId":3,"locationId":"lyon-9","quantity":0}\n' +
        '{"productId":4,"locationId":"paris-1","quantity":0}\n',
    );
    expect(outcome).toMatchObject({ status: 'SUCCEEDED', record: { counts: { stocks: 3 } } });
    // The search's stock snapshot follows the update (docs/decisions/search-engine.md D68).
    const inParis = await searchIds({ in_stock: { location_id: 'paris-1' }, limit: 5 });
    expect(inParis).toContain('2');
    expect(inParis).not.toContain('4');
    expect((await sandbox.api('/products/2/stocks?location_id=paris-1')).body).toMatchObject({
      quantity: 41,
    });
    expect((await sandbox.api('/products/3/stocks?location_id=lyon-9')).body).toMatchObject({ quantity: 0 });
    const refused = await publishFile(
      target,
      'stock',
      '{"productId":9999,"locationId":"paris-1","quantity":1}\n',
    );
    expect(refused.status).toBe('FAILED');
    expect(refused.record?.errors).toEqual([
      { line: 1, message: 'product 9999 is not in the active catalogue' },
    ]);
  });

  it('refuses a second publish while one runs, saying which one', async () => {
    // The first changes every product: writing them keeps it running while the second starts
    // (a file with nothing changed writes one item, D90, and may end within the 150 ms).
    const relabelled = changed((p) => ({ ...p, label: { ...p.label, en: `relabelled ${p.id}` } }));
    const [first, second] = await Promise.all([
      publishFile(target, 'catalogue', relabelled),
      new Promise((resolve) => setTimeout(resolve, 150)).then(() =>
        publishFile(target, 'catalogue', seedText),
      ),
    ]);
    expect(first.status).toBe('SUCCEEDED');
    expect(second.status).toBe('REFUSED');
    expect(second.record?.message).toContain(first.publishId);
  });
});
