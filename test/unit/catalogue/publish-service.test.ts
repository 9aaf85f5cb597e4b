import { catalogueLines } from '#functions/catalogue/domain/catalogue-file';
import {
  acquirePublishLock,
  applyStockFile,
  planVersion,
  recordPublishFailure,
  switchActiveVersion,
} from '#functions/catalogue/services/publish-service';
import { removeVersion } from '#functions/catalogue/services/removal-service';
import { PUBLISH_ERRORS } from '#functions/contracts/publish-workflow-contract';
import { seedCatalogue } from '#local/seed/catalogue-seed';
import { PUBLISH_NOW, publishRequest, publishWorkflow } from './memory-publish-ports';

const seedText = `${catalogueLines(seedCatalogue()).join('\n')}\n`;
const request = publishRequest;
const setUp = publishWorkflow;

describe('the publish workflow steps', () => {
  it('writes a whole version, switches to it, and removes the previous one from its plan', async () => {
    const { ports, deps, publish } = setUp({ 'uploads/a.jsonl': seedText, 'uploads/b.jsonl': seedText });
    const first = await publish('a');
    expect(ports.active?.version).toBe('a');
    expect(ports.versionItems('a')).toHaveLength(first.counts.items!);
    expect(ports.lock).toBeUndefined();
    const second = await publish('b');
    expect(second.previous).toBe('a');
    let progress = await removeVersion(deps, { version: 'a' });
    while (progress.more) progress = await removeVersion(deps, { version: 'a', cursor: progress.cursor });
    expect(ports.versionItems('a')).toEqual([]);
    expect(ports.versionItems('b')).toHaveLength(second.counts.items!);
    expect(ports.records.get('b')).toMatchObject({ status: 'SUCCEEDED', version: 'b' });
  });

  it('never removes the active version, whatever it is asked', async () => {
    const { ports, deps, publish } = setUp({ 'uploads/a.jsonl': seedText });
    await publish('a');
    expect(await removeVersion(deps, { version: 'a' })).toMatchObject({ more: false, removed: 0 });
    expect(ports.versionItems('a').length).toBeGreaterThan(0);
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
    expect(ports.items.get('CAT#a#PRODUCT#1|STOCK#paris-1')).toMatchObject({ quantity: 3 });
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
    expect(ports.items.has('CAT#a#PRODUCT#1|STOCK#paris-1')).toBe(true);
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
