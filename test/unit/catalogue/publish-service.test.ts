import type { Catalogue } from '#functions/catalogue/domain/catalogue-file';
import { catalogueLines } from '#functions/catalogue/domain/catalogue-file';
import { itemId } from '#functions/catalogue/services/publish-ports';
import {
  acquirePublishLock,
  applyStockFile,
  planVersion,
  recordPublishFailure,
  switchActiveVersion,
  writeVersionChunk,
} from '#functions/catalogue/services/publish-service';
import { removeVersion } from '#functions/catalogue/services/removal-service';
import { productItemKey, stockItemKey } from '#functions/contracts/keys/catalogue-keys';
import { PUBLISH_ERRORS } from '#functions/contracts/publish-workflow-contract';
import { seedCatalogue } from '#local/seed/catalogue-seed';
import { PUBLISH_NOW, publishRequest, publishWorkflow } from './memory-publish-ports';

const seed: Catalogue = seedCatalogue();
const text = (catalogue: Catalogue) => `${catalogueLines(catalogue).join('\n')}\n`;
const seedText = text(seed);
const request = publishRequest;
const setUp = publishWorkflow;
const withPrice = (catalogue: Catalogue, id: number, value: number): Catalogue => ({
  ...catalogue,
  products: catalogue.products.map((p) => (p.id === id ? { ...p, basePrice: { ...p.basePrice, value } } : p)),
});

/** Removes a version to the end, task after task; answers how many items it deleted. */
const removeAll = async (deps: ReturnType<typeof setUp>['deps'], version: string) => {
  let progress = await removeVersion(deps, { version });
  let removed = progress.removed;
  while (progress.more) {
    progress = await removeVersion(deps, { version, cursor: progress.cursor });
    removed += progress.removed;
  }
  return removed;
};

/** Every product and stock level of `catalogue` reads as it is at `generation`. */
const expectReads = (ports: ReturnType<typeof setUp>['ports'], generation: number, catalogue: Catalogue) => {
  for (const product of catalogue.products)
    expect(ports.readAt(productItemKey(product.id, generation))).toEqual(product);
  for (const stock of catalogue.stocks)
    expect(ports.readAt(stockItemKey(stock.productId, stock.locationId, generation))).toEqual(stock);
};

describe('the publish workflow steps', () => {
  it('writes a whole first version, switches to it, and a second publish of the same file writes its reference data only', async () => {
    const { ports, deps, publish } = setUp({ 'uploads/a.jsonl': seedText, 'uploads/b.jsonl': seedText });
    const first = await publish('a');
    expect(ports.active).toMatchObject({ version: 'a', generation: 1 });
    expect(first.counts.items).toBe(1 + seed.products.length + seed.stocks.length);
    expect(ports.items.size).toBe(first.counts.items);
    expect(ports.lock).toBeUndefined();
    const second = await publish('b');
    expect(second).toMatchObject({ previous: 'a', generation: 2 });
    expect(second.counts).toMatchObject({ items: 1, unchanged: seed.products.length + seed.stocks.length });
    expect(await removeAll(deps, 'a')).toBe(1);
    expect(ports.versionItems('a')).toEqual([]);
    expect(ports.items.size).toBe(first.counts.items);
    expectReads(ports, 2, seed);
    expect(ports.records.get('b')).toMatchObject({ status: 'SUCCEEDED', version: 'b' });
  });

  it('writes the one product whose price changed; the removal of the previous version deletes what it alone read', async () => {
    const changed = withPrice(seed, 3, 1.25);
    const { ports, deps, publish } = setUp({ 'uploads/a.jsonl': seedText, 'uploads/b.jsonl': text(changed) });
    await publish('a');
    const second = await publish('b');
    expect(second.counts.items).toBe(2);
    expect(await removeAll(deps, 'a')).toBe(2);
    expect(ports.items.has(itemId(productItemKey(3, 1)))).toBe(false);
    expectReads(ports, 2, changed);
  });

  it('removes a product that left (a tombstone) and writes it again when it comes back', async () => {
    const without = {
      ...seed,
      products: seed.products.filter((p) => p.id !== 5),
      stocks: seed.stocks.filter((s) => s.productId !== 5),
    };
    const { ports, deps, publish } = setUp({
      'uploads/a.jsonl': seedText,
      'uploads/b.jsonl': text(without),
      'uploads/c.jsonl': seedText,
    });
    await publish('a');
    await publish('b');
    await removeAll(deps, 'a');
    expect(ports.readAt(productItemKey(5, 2))).toBeUndefined();
    expectReads(ports, 2, without);
    await publish('c');
    await removeAll(deps, 'b');
    expectReads(ports, 3, seed);
  });

  it('leaves the active version whole when a publish after it fails and is removed', async () => {
    const { ports, deps, publish } = setUp({
      'uploads/a.jsonl': seedText,
      'uploads/b.jsonl': text(withPrice(seed, 3, 9.5)),
    });
    await publish('a');
    const before = new Map(ports.items);
    await acquirePublishLock(deps, request('b'));
    const plan = await planVersion(deps, request('b'));
    for (const chunk of plan.chunks) await writeVersionChunk(deps, { version: 'b', chunk });
    await recordPublishFailure(deps, { ...request('b'), error: 'States.TaskFailed' });
    expect(await removeAll(deps, 'b')).toBe(2);
    expect(ports.items).toEqual(before);
    expectReads(ports, 1, seed);
  });

  it('writes again what a failed publish left above the active version, so the next version never reads it', async () => {
    const { ports, deps, publish } = setUp({
      'uploads/a.jsonl': seedText,
      'uploads/b.jsonl': text(withPrice(seed, 3, 9.5)),
      'uploads/c.jsonl': seedText,
    });
    await publish('a');
    await acquirePublishLock(deps, request('b'));
    const plan = await planVersion(deps, request('b'));
    for (const chunk of plan.chunks) await writeVersionChunk(deps, { version: 'b', chunk });
    // Its removal has not run: b's product 3 stays at generation 2.
    await recordPublishFailure(deps, { ...request('b'), error: 'States.TaskFailed' });
    const third = await publish('c');
    expect(third.counts.items).toBe(2);
    expectReads(ports, third.generation!, seed);
    await removeAll(deps, 'b');
    await removeAll(deps, 'a');
    expectReads(ports, third.generation!, seed);
  });

  it('never removes the active version, whatever it is asked', async () => {
    const { ports, deps, publish } = setUp({ 'uploads/a.jsonl': seedText });
    await publish('a');
    expect(await removeVersion(deps, { version: 'a' })).toMatchObject({ more: false, removed: 0 });
    expect(ports.versionItems('a')).toHaveLength(1);
  });

  it('refuses a bad file whole, keeps its line errors through the failure step, and leaves the lock free', async () => {
    const lines = seedText.split('\n');
    lines[40] = '{"kind":"product"}';
    const { ports, deps } = setUp({ 'uploads/bad.jsonl': lines.join('\n') });
    await acquirePublishLock(deps, request('bad'));
    await expect(planVersion(deps, request('bad'))).rejects.toMatchObject({ name: PUBLISH_ERRORS.invalid });
    await recordPublishFailure(deps, { ...request('bad'), error: PUBLISH_ERRORS.invalid });
    expect(ports.records.get('bad')).toMatchObject({
      status: 'FAILED',
      errors: [{ line: 41, message: expect.any(String) }],
    });
    expect(ports.items.size).toBe(0);
    expect(ports.lock).toBeUndefined();
  });

  it('refuses a second publish while the lock is held, naming the first', async () => {
    const { deps } = setUp({});
    await acquirePublishLock(deps, request('first'));
    await expect(acquirePublishLock(deps, request('second'))).rejects.toMatchObject({
      name: PUBLISH_ERRORS.busy,
      message: expect.stringContaining('first'),
    });
  });

  it('does not switch when the active version changed under the plan, and a retried switch is done already', async () => {
    const { ports, deps, publish } = setUp({ 'uploads/a.jsonl': seedText, 'uploads/b.jsonl': seedText });
    await acquirePublishLock(deps, request('b'));
    const plan = await planVersion(deps, request('b'));
    await deps.store.releaseLock('b');
    await publish('a');
    await expect(switchActiveVersion(deps, { ...request('b'), plan })).rejects.toMatchObject({
      name: PUBLISH_ERRORS.conflict,
    });
    expect(ports.active?.version).toBe('a');
    const again = setUp({ 'uploads/c.jsonl': seedText });
    const planC = await again.publish('c');
    expect(await switchActiveVersion(again.deps, { ...request('c'), plan: planC })).toEqual({
      switched: true,
    });
  });

  it('applies stock in place and adds its keys to the version plan; refuses an unknown product by line', async () => {
    const { ports, deps, publish } = setUp({
      'uploads/a.jsonl': seedText,
      'uploads/s.jsonl': '{"productId":1,"locationId":"paris-1","quantity":3}\n',
      'uploads/x.jsonl':
        '{"productId":1,"locationId":"paris-1","quantity":3}\n{"productId":999,"locationId":"paris-1","quantity":3}\n',
    });
    await publish('a');
    await acquirePublishLock(deps, request('s', 'stock'));
    expect(await applyStockFile(deps, request('s', 'stock'))).toEqual({
      version: 'a',
      counts: { stocks: 1 },
    });
    expect(ports.readAt(stockItemKey(1, 'paris-1', 1))).toMatchObject({ quantity: 3 });
    await acquirePublishLock(deps, request('x', 'stock'));
    await expect(applyStockFile(deps, request('x', 'stock'))).rejects.toMatchObject({
      name: PUBLISH_ERRORS.invalid,
    });
    expect(ports.records.get('x')?.errors).toEqual([
      { line: 2, message: 'product 999 is not in the active catalogue' },
    ]);
  });
});

describe('what status shows of a run (issue 21)', () => {
  const STOCK =
    '{"productId":1,"locationId":"paris-1","quantity":3}\n{"productId":1,"locationId":"new-place","quantity":5}\n';

  it('adds a stock file’s new (product, location) pairs to the active version’s counts, not the known ones', async () => {
    const { ports, deps, publish } = setUp({ 'uploads/a.jsonl': seedText, 'uploads/s.jsonl': STOCK });
    await publish('a');
    const before = ports.active!.counts;
    expect(ports.readAt(stockItemKey(1, 'paris-1', 1))).toBeDefined();
    await acquirePublishLock(deps, request('s', 'stock'));
    await applyStockFile(deps, request('s', 'stock'));
    expect(ports.active!.counts).toEqual({
      ...before,
      stocks: before.stocks! + 1,
      items: before.items! + 1,
    });
    // The same file again adds nothing: both pairs are known now.
    await acquirePublishLock(deps, request('s2', 'stock'));
    await applyStockFile(deps, { ...request('s2', 'stock'), key: 'uploads/s.jsonl' });
    expect(ports.active!.counts.stocks).toBe(before.stocks! + 1);
  });

  it('records a stock update ending after it started, on the clock of its steps', async () => {
    const { ports, deps, publish } = setUp({ 'uploads/a.jsonl': seedText, 'uploads/s.jsonl': STOCK });
    await publish('a');
    let ms = PUBLISH_NOW.getTime();
    const ticking = {
      ...deps,
      now: () => {
        ms += 7;
        return new Date(ms);
      },
    };
    await acquirePublishLock(ticking, request('s', 'stock'));
    const startedAt = ports.records.get('s')!.startedAt;
    await applyStockFile(ticking, request('s', 'stock'));
    const record = ports.records.get('s')!;
    expect(record.startedAt).toBe(startedAt);
    expect(Date.parse(record.finishedAt!)).toBeGreaterThan(Date.parse(startedAt));
  });

  it('never records an end before the start, when a later step’s clock is behind the first’s', async () => {
    const { ports, deps, publish } = setUp({ 'uploads/a.jsonl': seedText, 'uploads/s.jsonl': STOCK });
    await publish('a');
    await acquirePublishLock(deps, request('s', 'stock'));
    const behind = { ...deps, now: () => new Date(PUBLISH_NOW.getTime() - 17) };
    await applyStockFile(behind, request('s', 'stock'));
    expect(ports.records.get('s')).toMatchObject({
      startedAt: PUBLISH_NOW.toISOString(),
      finishedAt: PUBLISH_NOW.toISOString(),
    });
  });
});
