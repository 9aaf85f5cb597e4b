import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DeleteTableCommand, waitUntilTableNotExists } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { activeVersionKey, productItemKey } from '#functions/contracts/keys/catalogue-keys';
import { processStart } from '#local/process-identity';
import { openSandboxState, type SandboxState } from '#local/sandbox-state';
import { readDataState, StateDirBusyError, statePaths } from '#local/state-dir';

const marker = { pk: 'TEST#marker', sk: 'TEST' };

const put = (state: SandboxState) =>
  DynamoDBDocumentClient.from(state.dynamodb.client).send(
    new PutCommand({ TableName: state.tableName, Item: { ...marker, note: 'kept' } }),
  );
const get = async (state: SandboxState, key: Record<string, string>) =>
  (
    await DynamoDBDocumentClient.from(state.dynamodb.client).send(
      new GetCommand({ TableName: state.tableName, Key: key }),
    )
  ).Item;
/** A product of the catalogue version the state serves (the seed's first publish wrote them all at its generation). */
const getProduct = async (state: SandboxState, id: number) => {
  const active = await get(state, activeVersionKey);
  return active && get(state, productItemKey(id, Number(active.generation)));
};

describe('the sandbox state directory', () => {
  let stateDir: string;
  // Closed after each test even when it fails: an open dynalite would keep Jest from exiting.
  const opened: SandboxState[] = [];
  const open = async (options: { reset?: boolean } = {}) => {
    const state = await openSandboxState({ stateDir, ...options });
    opened.push(state);
    return state;
  };
  beforeEach(() => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'sandbox-state-'));
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((state) => state.close()));
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('starts from the seed, keeps its data across restarts, and starts again on reset', async () => {
    const first = await open();
    expect(first.origin).toBe('seeded');
    expect(first.tableName).toBe('commerce-api-sandbox');
    expect(await getProduct(first, 200)).toMatchObject({ id: 200 });
    await put(first);
    await first.close();

    const second = await open();
    expect(second.origin).toBe('kept');
    expect(await get(second, marker)).toMatchObject({ note: 'kept' });
    await second.close();

    const reset = await open({ reset: true });
    expect(reset.origin).toBe('seeded');
    expect(await get(reset, marker)).toBeUndefined();
    expect(await getProduct(reset, 1)).toMatchObject({ id: 1 });
    await reset.close();
  });

  it('lets one process at a time use it, and says who holds it (the lock itself: state-dir-lock.test.ts)', async () => {
    await open();
    // A live process that is not us, named as a lock names it.
    const holder = { pid: process.ppid, started: processStart(process.ppid), command: 'bin/sandbox.ts' };
    writeFileSync(statePaths(stateDir).lock, JSON.stringify(holder));
    await expect(open()).rejects.toThrow(StateDirBusyError);
    await expect(open()).rejects.toThrow(`pid ${process.ppid}: bin/sandbox.ts`);
  });

  it('recreates and reseeds a table deleted under a kept state', async () => {
    const first = await open();
    const { client } = first.dynamodb;
    await client.send(new DeleteTableCommand({ TableName: first.tableName }));
    await waitUntilTableNotExists({ client, maxWaitTime: 10, minDelay: 1 }, { TableName: first.tableName });
    await first.close();
    const second = await open();
    expect(second.origin).toBe('seeded');
    expect(await getProduct(second, 1)).toMatchObject({ id: 1 });
    expect(readDataState(stateDir)?.tableName).toBe('commerce-api-sandbox');
  });
});
