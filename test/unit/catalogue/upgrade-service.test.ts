/**
 * The upgrade's steps (docs/decisions/catalogue-versions.md D73) on in-memory ports: a version of an older layout is
 * planned again from its own plan files (its publish's, then a stock update's) into exactly the
 * items a publish of the same catalogue writes today; nothing is done, and no lock taken, when
 * the layout is current or nothing was published; a running publish is waited for, not refused.
 */
import { type Catalogue, catalogueLines } from '#functions/catalogue/domain/catalogue-file';
import { CATALOGUE_LAYOUT } from '#functions/catalogue/domain/catalogue-layout';
import { acquirePublishLock, applyStockFile } from '#functions/catalogue/services/publish-service';
import { lockForUpgrade, nameUpgrade } from '#functions/catalogue/services/upgrade-service';
import { firstVersionItems } from '#functions/catalogue/store/catalogue-items';
import { productKey, referenceDataKey, stockKey } from '#functions/contracts/keys/catalogue-keys';
import { upgradeId } from '#functions/contracts/publish-workflow-contract';
import { seedCatalogue } from '#local/seed/catalogue-seed';
import { PUBLISH_NOW, publishRequest, publishWorkflow } from './memory-publish-ports';

const seed = seedCatalogue();
const text = (catalogue: Catalogue) => `${catalogueLines(catalogue).join('\n')}\n`;
const STOCK = '{"productId":2,"locationId":"paris-1","quantity":41}\n';

const setUp = () => {
  const workflow = publishWorkflow({ 'uploads/a.jsonl': text(seed), 'uploads/s.jsonl': STOCK });
  const { ports } = workflow;
  /** The active version as a version written before layouts were recorded: no layout. */
  const makeActiveOld = async () => {
    const active = ports.active!;
    const { layout: _, ...old } = active;
    expect(await ports.store.switchActive(old, active.version)).toBe(true);
  };
  /** A version as layouts 1–3 wrote its products, stock levels and reference data: under its own keys. */
  const publishOld = async (version: string) => {
    const items = [
      { ...referenceDataKey(version), ...seed.reference },
      ...seed.products.map((p) => ({ ...productKey(version, p.id), ...p })),
      ...seed.stocks.map((s) => ({ ...stockKey(version, s.productId, s.locationId), ...s })),
    ];
    await ports.store.putItems(items);
    await ports.files.writeVersionFile(version, 1, items);
    await ports.store.putVersion({ version, files: 1 });
    const counts = { products: seed.products.length, stocks: seed.stocks.length, items: items.length };
    await ports.store.switchActive(
      { version, publishedAt: PUBLISH_NOW.toISOString(), publishId: version, counts },
      undefined,
    );
  };
  return { ...workflow, request: publishRequest, makeActiveOld, publishOld };
};

describe('the catalogue upgrade', () => {
  it('plans the active version again from its own files, stock updates included, as a publish of it would', async () => {
    const { ports, deps, request, planAndSwitch, publishOld } = setUp();
    await publishOld('a');
    await acquirePublishLock(deps, request('s', 'stock'));
    await applyStockFile(deps, request('s', 'stock'));

    const upgrade = nameUpgrade({ execution: 'e1', startedAt: '2026-11-24T11:00:00.000Z' });
    expect(await lockForUpgrade(deps, upgrade)).toEqual({ next: 'plan' });
    expect(ports.lock).toMatchObject({ publishId: upgrade.publishId, kind: 'upgrade' });
    const plan = await planAndSwitch(upgrade);

    expect(plan).toMatchObject({ previous: 'a', layout: CATALOGUE_LAYOUT });
    expect(ports.active).toMatchObject({ version: upgrade.publishId, layout: CATALOGUE_LAYOUT });
    // What a publish of the catalogue as it now is (the stock update applied) writes.
    const stocks = seed.stocks.map((s) =>
      s.productId === 2 && s.locationId === 'paris-1'
        ? { ...s, quantity: 41, updatedAt: PUBLISH_NOW.toISOString() }
        : s,
    );
    const expected = firstVersionItems(upgrade.publishId, plan.generation!, { ...seed, stocks });
    const byKey = (items: readonly Record<string, unknown>[]) =>
      new Map(items.map((item) => [`${item.pk}|${item.sk}`, item]));
    const written = [...ports.items.values()].filter(
      (item) => item.pk.startsWith(`CAT#${upgrade.publishId}#`) || item.pk.startsWith('CAT#PRODUCT#'),
    );
    expect(byKey(written)).toEqual(byKey(expected));
    expect(ports.searchSnapshots.get(upgrade.publishId)?.stock['paris-1']).toContain(2);
    expect(ports.records.get(upgrade.publishId)).toMatchObject({
      kind: 'upgrade',
      status: 'SUCCEEDED',
      layout: CATALOGUE_LAYOUT,
      upgradedFrom: { version: 'a', layout: 1 },
    });
    expect(ports.lock).toBeUndefined();
  });

  it('does nothing, and takes no lock, when the layout is current or nothing was published, and records so', async () => {
    const { ports, deps, publish } = setUp();
    const first = nameUpgrade({ execution: 'e1', startedAt: '2026-11-24T11:00:00.000Z' });
    expect(await lockForUpgrade(deps, first)).toEqual({ next: 'done' });
    expect(ports.records.get(first.publishId)).toMatchObject({
      kind: 'upgrade',
      status: 'SUCCEEDED',
      message: 'Nothing to upgrade: nothing has been published to this stage yet.',
    });
    await publish('a');
    const second = nameUpgrade({ execution: 'e2', startedAt: '2026-11-24T12:00:00.000Z' });
    await ports.store.acquireLock('someone', 'catalogue', PUBLISH_NOW);
    expect(await lockForUpgrade(deps, second)).toEqual({ next: 'done' });
    expect(ports.records.get(second.publishId)?.message).toBe(
      `Nothing to upgrade: the active version a is in layout ${CATALOGUE_LAYOUT}, this code's.`,
    );
    expect(ports.lock?.publishId).toBe('someone');
  });

  it('waits for a running publish instead of refusing, and finds nothing to do once that publish wrote this layout', async () => {
    const { ports, deps, request, planAndSwitch, publish, makeActiveOld } = setUp();
    await publish('a');
    await makeActiveOld();
    await acquirePublishLock(deps, request('b'));
    const upgrade = nameUpgrade({ execution: 'e1', startedAt: '2026-11-24T11:00:00.000Z' });
    expect(await lockForUpgrade(deps, upgrade)).toEqual({ next: 'wait' });
    expect(ports.records.get(upgrade.publishId)).toMatchObject({
      status: 'RUNNING',
      message: expect.stringContaining('Waiting for the publish b'),
    });
    ports.uploads['uploads/b.jsonl'] = text(seed);
    await planAndSwitch(request('b'));
    expect(await lockForUpgrade(deps, upgrade)).toEqual({ next: 'done' });
    expect(ports.records.get(upgrade.publishId)).toMatchObject({ status: 'SUCCEEDED' });
    expect(ports.lock).toBeUndefined();
  });

  it('is named after its execution: sortable by its start, the same when the execution starts again', () => {
    const execution = {
      execution: '0fe2fdc2-edfd-4eea-ac00-7c8ba51be7bf',
      startedAt: '2026-11-24T11:00:00.123Z',
    };
    expect(upgradeId(execution)).toMatch(/^20261124T110000Z-[0-9a-f]{6}$/);
    expect(upgradeId(execution)).toBe(upgradeId({ ...execution }));
    expect(upgradeId({ ...execution, execution: 'another' })).not.toBe(upgradeId(execution));
    expect(nameUpgrade(execution)).toEqual({
      publishId: upgradeId(execution),
      kind: 'upgrade',
      key: 'versions/',
    });
  });
});
