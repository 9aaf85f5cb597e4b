/**
 * The stage's one publish lock (docs/decisions/catalogue-versions.md D48, D79): a command claims it before its upload,
 * its own workflow takes the claim over, any other run is refused at once naming the holder (an
 * upgrade waits), and a claim whose command died frees the stage after PUBLISH_TIMING.claimSeconds.
 * The rules in memory, then the lock item's conditional writes against dynalite, which decide.
 */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { catalogueLines } from '#functions/catalogue/domain/catalogue-file';
import { claimExpiry, claimLock, mayTakeLock, runLock } from '#functions/catalogue/domain/publish-lock';
import { acquirePublishLock } from '#functions/catalogue/services/publish-service';
import { lockForUpgrade, nameUpgrade } from '#functions/catalogue/services/upgrade-service';
import {
  type LockTable,
  releaseLock,
  renewClaim,
  takeLock,
} from '#functions/catalogue/store/publish-lock-item';
import { publishLockKey } from '#functions/contracts/keys/catalogue-keys';
import { PUBLISH_ERRORS, PUBLISH_TIMING } from '#functions/contracts/publish-workflow-contract';
import type { LocalDynamoDb } from '#local/local-dynamodb';
import { seedCatalogue } from '#local/seed/catalogue-seed';
import { startLocalTable } from '../support/local-table';
import { PUBLISH_NOW, publishRequest, publishWorkflow } from './memory-publish-ports';

const later = (seconds: number) => new Date(PUBLISH_NOW.getTime() + seconds * 1000);

describe('the lock rules', () => {
  it('may be taken when free, past its time, or already this publish’s; not while another holds it', () => {
    const claim = claimLock('first', 'catalogue', PUBLISH_NOW);
    expect(mayTakeLock(undefined, 'second', PUBLISH_NOW)).toBe(true);
    expect(mayTakeLock(claim, 'second', later(1))).toBe(false);
    expect(mayTakeLock(claim, 'first', later(1))).toBe(true);
    expect(mayTakeLock(claim, 'second', later(PUBLISH_TIMING.claimSeconds + 1))).toBe(true);
    const run = runLock('first', 'catalogue', PUBLISH_NOW);
    expect(mayTakeLock(run, 'second', later(PUBLISH_TIMING.claimSeconds + 1))).toBe(false);
    expect(mayTakeLock(run, 'second', later(PUBLISH_TIMING.lockSeconds + 1))).toBe(true);
  });

  it('a claim is short and renewed well within its time; a run’s lock lasts the workflow’s time', () => {
    expect(claimLock('p', 'stock', PUBLISH_NOW)).toEqual({
      publishId: 'p',
      kind: 'stock',
      since: PUBLISH_NOW.toISOString(),
      expiresAt: claimExpiry(PUBLISH_NOW),
      claimed: true,
    });
    expect(claimExpiry(PUBLISH_NOW) - PUBLISH_NOW.getTime() / 1000).toBe(PUBLISH_TIMING.claimSeconds);
    expect(PUBLISH_TIMING.claimRenewSeconds * 3).toBeLessThan(PUBLISH_TIMING.claimSeconds);
    expect(runLock('p', 'catalogue', PUBLISH_NOW).claimed).toBeUndefined();
  });
});

describe('the workflow’s lock step and a command’s claim', () => {
  const seedText = `${catalogueLines(seedCatalogue()).join('\n')}\n`;

  it('takes over its own command’s claim, for the run’s whole time', async () => {
    const { ports, deps } = publishWorkflow();
    ports.lock = claimLock('mine', 'catalogue', PUBLISH_NOW);
    expect(await acquirePublishLock(deps, publishRequest('mine'))).toEqual({ acquired: true });
    expect(ports.lock).toEqual(runLock('mine', 'catalogue', PUBLISH_NOW));
    expect(ports.records.get('mine')).toMatchObject({ status: 'RUNNING' });
  });

  it('refuses a run while another command’s claim holds, naming it and when a stopped command frees it', async () => {
    const { ports, deps } = publishWorkflow();
    ports.lock = claimLock('first', 'catalogue', PUBLISH_NOW);
    const expected =
      `Another publish (first) has been running since ${PUBLISH_NOW.toISOString()}; this stock update ` +
      'was not started. Try again when it has finished (npm run catalogue -- status). If its command was ' +
      `stopped, the lock is free at ${later(PUBLISH_TIMING.claimSeconds).toISOString()}.`;
    await expect(acquirePublishLock(deps, publishRequest('second', 'stock'))).rejects.toMatchObject({
      name: PUBLISH_ERRORS.busy,
      message: expected,
    });
    expect(ports.records.get('second')).toMatchObject({ status: 'REFUSED', message: expected });
    expect(ports.lock?.publishId).toBe('first');
  });

  it('takes a claim whose command died once it is past its time', async () => {
    const { ports, deps } = publishWorkflow();
    ports.lock = claimLock('dead', 'catalogue', later(-PUBLISH_TIMING.claimSeconds - 1));
    expect(await acquirePublishLock(deps, publishRequest('next'))).toEqual({ acquired: true });
    expect(ports.lock?.publishId).toBe('next');
  });

  it('lets an upgrade wait for a command’s claim rather than refuse it', async () => {
    const { ports, deps, publish } = publishWorkflow({ 'uploads/a.jsonl': seedText });
    await publish('a');
    const { layout: _, ...old } = ports.active!;
    await ports.store.switchActive(old, 'a');
    ports.lock = claimLock('claimed-publish', 'catalogue', PUBLISH_NOW);
    const upgrade = nameUpgrade({ execution: 'e1', startedAt: PUBLISH_NOW.toISOString() });
    expect(await lockForUpgrade(deps, upgrade)).toEqual({ next: 'wait' });
    expect(ports.records.get(upgrade.publishId)?.message).toBe(
      `Waiting for the publish claimed-publish, running since ${PUBLISH_NOW.toISOString()}.`,
    );
    ports.lock = undefined;
    expect(await lockForUpgrade(deps, upgrade)).toEqual({ next: 'plan' });
  });
});

describe('the lock item’s writes, against dynalite', () => {
  const TableName = 'publish-lock-test';
  let dynamodb: LocalDynamoDb;
  let table: LockTable;
  const lockItem = async () =>
    (await table.doc.send(new GetCommand({ TableName, Key: publishLockKey, ConsistentRead: true }))).Item;

  beforeAll(async () => {
    dynamodb = await startLocalTable(TableName);
    table = { doc: DynamoDBDocumentClient.from(dynamodb.client), tableName: TableName };
  });
  afterAll(async () => {
    await dynamodb.close();
  });
  beforeEach(async () => {
    const current = await lockItem();
    if (current) await releaseLock(table, current.publishId as string);
  });

  it('claims, refuses a second claim naming the first, and lets the first’s workflow take it over', async () => {
    const now = new Date();
    expect(await takeLock(table, claimLock('first', 'catalogue', now))).toBeUndefined();
    expect(await takeLock(table, claimLock('second', 'catalogue', now))).toEqual({
      publishId: 'first',
      kind: 'catalogue',
      since: now.toISOString(),
      expiresAt: claimExpiry(now),
      claimed: true,
    });
    expect(await renewClaim(table, 'first', claimExpiry(now) + 15)).toBe(true);
    expect(await takeLock(table, runLock('first', 'catalogue', now))).toBeUndefined();
    expect(await lockItem()).toMatchObject({ publishId: 'first' });
    expect((await lockItem())?.claimed).toBeUndefined();
    // Taken over: the command's renewals and its release of the claim leave the run's lock alone.
    expect(await renewClaim(table, 'first', claimExpiry(now))).toBe(false);
    await releaseLock(table, 'first', { claimOnly: true });
    expect(await lockItem()).toMatchObject({
      publishId: 'first',
      expiresAt: runLock('first', 'catalogue', now).expiresAt,
    });
    await releaseLock(table, 'first');
    expect(await lockItem()).toBeUndefined();
  });

  it('frees a claim whose command died after its time, and the late command finds it lost', async () => {
    const then = new Date(Date.now() - (PUBLISH_TIMING.claimSeconds + 5) * 1000);
    expect(await takeLock(table, claimLock('dead', 'stock', then))).toBeUndefined();
    expect(await takeLock(table, claimLock('next', 'catalogue', new Date()))).toBeUndefined();
    expect(await renewClaim(table, 'dead', claimExpiry(new Date()))).toBe(false);
    expect(await lockItem()).toMatchObject({ publishId: 'next', claimed: true });
  });
});
