/**
 * What the publish alarms count (docs/decisions/catalogue-versions.md D73): a publish, stock update or upgrade that
 * failed for the system's reasons, not a refusal the operator was told of; a removal that failed
 * after its retries. And an operator's removal of a version left behind, never the active one.
 */

import { metrics } from '#commons/metrics';
import { catalogueLines } from '#functions/catalogue/domain/catalogue-file';
import { acquirePublishLock, recordPublishFailure } from '#functions/catalogue/services/publish-service';
import {
  recordRemoval,
  recordRemovalFailure,
  removeVersion,
} from '#functions/catalogue/services/removal-service';
import { METRIC_NAMES } from '#functions/contracts/metric-names';
import { PUBLISH_ERRORS, type RemovalRequest } from '#functions/contracts/publish-workflow-contract';
import { seedCatalogue } from '#local/seed/catalogue-seed';
import { publishRequest, publishWorkflow } from './memory-publish-ports';

const seedText = `${catalogueLines(seedCatalogue()).join('\n')}\n`;
const request = publishRequest;
const setUp = () => publishWorkflow({ 'uploads/a.jsonl': seedText, 'uploads/b.jsonl': seedText });

const counted = jest.spyOn(metrics, 'addMetric');
const counts = (name: string) => counted.mock.calls.filter(([metric]) => metric === name).length;
beforeEach(() => counted.mockClear());

describe('the publish alarm’s metric', () => {
  it.each([
    ['a task that failed after its retries', 'States.TaskFailed', 'catalogue', 1],
    ['a version conflict', PUBLISH_ERRORS.conflict, 'catalogue', 1],
    ['a failed upgrade', 'States.Timeout', 'upgrade', 1],
    ['a refused file', PUBLISH_ERRORS.invalid, 'catalogue', 0],
    ['a refused stock file', PUBLISH_ERRORS.invalid, 'stock', 0],
    ['a busy lock', PUBLISH_ERRORS.busy, 'catalogue', 0],
  ] as const)('counts %s', async (_, error, kind, expected) => {
    const { ports, deps } = setUp();
    await recordPublishFailure(deps, { ...request('x', kind), error });
    expect(counts(METRIC_NAMES.cataloguePublishesFailed)).toBe(expected);
    expect(ports.records.get('x')).toMatchObject({ status: 'FAILED', error });
  });
});

describe('removals', () => {
  it('count a removal that failed, release the lock it held, and record an operator’s as failed', async () => {
    const { ports, deps, publish } = setUp();
    await publish('a');
    const removal: RemovalRequest = { publishId: 'r', kind: 'remove', key: 'versions/', version: 'old' };
    await acquirePublishLock(deps, removal);
    await recordRemovalFailure(deps, { ...removal, error: 'States.TaskFailed' });
    expect(counts(METRIC_NAMES.catalogueRemovalsFailed)).toBe(1);
    expect(ports.lock).toBeUndefined();
    expect(ports.records.get('r')).toMatchObject({
      status: 'FAILED',
      version: 'old',
      error: 'States.TaskFailed',
    });
    // A publish's removal after its switch: counted, and its SUCCEEDED record stays so.
    await recordRemovalFailure(deps, { ...request('a'), version: 'x', error: 'States.TaskFailed' });
    expect(counts(METRIC_NAMES.catalogueRemovalsFailed)).toBe(2);
    expect(ports.records.get('a')).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('remove a version left behind on an operator’s request, and never the active one', async () => {
    const { ports, deps, publish } = setUp();
    await publish('a');
    await publish('b');
    // The previous version's removal failed: it is still there.
    expect(ports.versionItems('a').length).toBeGreaterThan(0);
    const removal: RemovalRequest = { publishId: 'r1', kind: 'remove', key: 'versions/', version: 'a' };
    await acquirePublishLock(deps, removal);
    const progress = await removeVersion(deps, { version: 'a' });
    expect(await recordRemoval(deps, { ...removal, removal: progress })).toEqual({
      version: 'a',
      removed: true,
    });
    expect(ports.versionItems('a')).toEqual([]);
    expect(ports.records.get('r1')).toMatchObject({ kind: 'remove', status: 'SUCCEEDED', version: 'a' });
    expect(ports.lock).toBeUndefined();

    const active: RemovalRequest = { ...removal, publishId: 'r2', version: 'b' };
    await acquirePublishLock(deps, active);
    const untouched = await removeVersion(deps, { version: 'b' });
    expect(await recordRemoval(deps, { ...active, removal: untouched })).toEqual({
      version: 'b',
      removed: false,
    });
    expect(ports.versionItems('b').length).toBeGreaterThan(0);
    expect(ports.records.get('r2')).toMatchObject({
      status: 'FAILED',
      message: 'Version b is the active one: it is never removed.',
    });
  });
});
