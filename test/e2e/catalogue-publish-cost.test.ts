/**
 * A publish costs what changed (issue 24, docs/decisions/catalogue-versions.md D90), seen from the
 * sandbox's own counters (`/_sandbox/stats`: every key the functions and the workflow's tasks wrote
 * or deleted, in order): on a sandbox of its own whose seed catalogue is active, one product's
 * price is changed and the catalogue published again. The publish writes that product's item, the
 * version's reference data and its control items (records, lock, switch), and the version's search
 * snapshot in the bucket; the removal of the previous version deletes that product's previous item
 * and the previous reference data. No other product, no stock level, no listing item is touched.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { readActive } from '#cli/catalogue/read-catalogue';
import {
  catalogueLanguages,
  catalogueLines,
  parseCatalogue,
} from '#functions/catalogue/domain/catalogue-file';
import { ACTIVE_VERSION_CACHE_MS } from '#functions/catalogue/store/active-version';
import { searchSnapshotKeys } from '#functions/contracts/keys/import-object-keys';
import { type CatalogueTarget, sandboxTarget } from '#local/catalogue/catalogue-target';
import { publishFile } from '#local/catalogue/publish-file';
import { type ItemKeyEvent, keysSince } from '#local/dynamodb-item-writes';
import { type SandboxStatsDocument, STATS_PATH } from '#local/sandbox-stats';
import { seedCatalogueText } from '#local/seed/catalogue-file-seed';
import { type BatchSandbox, startBatchSandbox, waitUntil } from './support/batches';

const seed = (() => {
  const parsed = parseCatalogue(seedCatalogueText());
  if (!parsed.ok) throw new Error('the seed catalogue does not parse');
  return parsed.catalogue;
})();

const CHANGED_ID = 42;

/** The seed catalogue with product 42's base price raised by 1. */
const repriced = () => {
  const products = seed.products.map((p) =>
    p.id === CHANGED_ID ? { ...p, basePrice: { ...p.basePrice, value: p.basePrice.value + 1 } } : p,
  );
  return `${catalogueLines({ ...seed, products }).join('\n')}\n`;
};

describe('a publish that changes one price', () => {
  let sandbox: BatchSandbox;
  let target: CatalogueTarget;
  const stats = async () =>
    (await (await fetch(new URL(STATS_PATH, sandbox.url))).json()) as SandboxStatsDocument;

  beforeAll(async () => {
    sandbox = await startBatchSandbox();
    target = sandboxTarget(sandbox.running);
  });
  afterAll(async () => {
    target?.close();
    await sandbox?.stop();
  });

  it('writes that product, the reference data, the snapshot and the switch; its removal deletes their previous ones', async () => {
    const previous = await readActive(target);
    expect(previous?.version).toBeDefined();
    const since = (await stats()).dynamodb.items.sequence;

    const outcome = await publishFile(target, 'catalogue', repriced());
    expect(outcome.status).toBe('SUCCEEDED');
    const active = await readActive(target);
    const version = active!.version;
    // The workflow ends once the previous version is removed, after its grace.
    await waitUntil(
      async () => (((await stats()).executions?.running ?? 0) === 0 ? true : undefined),
      60_000,
      'the publish workflow to end',
    );

    const events = keysSince((await stats()).dynamodb.items, since);
    const keys = (op: 'write' | 'delete') =>
      events
        .filter((e: ItemKeyEvent) => (op === 'delete' ? e.op === 'delete' : e.op !== 'delete'))
        .map((e) => `${e.pk} ${e.sk}`);
    const catalogueItems = (list: string[]) => list.filter((key) => !key.startsWith('CATALOGUE '));
    const written = keys('write');

    // The table: product 42 at the new version's generation, the new reference data, how far its
    // one chunk came; the rest is the CATALOGUE partition (lock, records, the switch).
    expect([...new Set(catalogueItems(written))].sort()).toEqual(
      [
        `CAT#${version}#CHUNKS CHUNK#000001`,
        `CAT#${version}#REFERENCE REFERENCE`,
        `CAT#PRODUCT#${CHANGED_ID} PRODUCT#${String(active!.generation).padStart(10, '0')}`,
      ].sort(),
    );
    expect(written).toContain('CATALOGUE ACTIVE');
    expect(written.filter((key) => key.startsWith('CATALOGUE ')).length).toBeLessThanOrEqual(12);

    // The removal: the previous version's reference data and product 42's previous item, nothing
    // any other product or stock level of the new version still reads.
    const deleted = catalogueItems(keys('delete'));
    expect(deleted.filter((key) => key.startsWith('CAT#PRODUCT#'))).toEqual([
      expect.stringMatching(new RegExp(`^CAT#PRODUCT#${CHANGED_ID} PRODUCT#\\d{10}$`)),
    ]);
    expect(deleted).toContain(`CAT#${previous!.version}#REFERENCE REFERENCE`);
    expect(
      deleted.every((key) => key.startsWith('CAT#PRODUCT#') || key.startsWith(`CAT#${previous!.version}#`)),
    ).toBe(true);

    // The search snapshot is the version's own, in the bucket (S3, not the table).
    for (const key of searchSnapshotKeys(version, catalogueLanguages(seed)).filter(
      (k) => !k.endsWith('search-products.json'),
    )) {
      await expect(
        target.s3.send(new HeadObjectCommand({ Bucket: target.bucket, Key: key })),
      ).resolves.toBeDefined();
    }

    // Readers see the new price, and every other product as before.
    await sleep(ACTIVE_VERSION_CACHE_MS + 500);
    const base = seed.reference.rates.base;
    const { status, body } = await sandbox.api(`/products?currency=${base}&limit=100`);
    expect(status).toBe(200);
    const prices = new Map(
      (body as { id: string; price: { value: number } }[]).map((e) => [Number(e.id), e.price.value]),
    );
    for (const product of seed.products.filter((p) => p.id <= 100)) {
      const value = product.basePrice.value + (product.id === CHANGED_ID ? 1 : 0);
      expect([product.id, prices.get(product.id)]).toEqual([product.id, value]);
    }
  });
});
