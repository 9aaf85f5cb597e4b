/**
 * The per-caller limit store against dynalite, the DynamoDB protocol server the sandbox runs
 * (no mock: the conditional updates are what decide). Each test uses its own caller id.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CallerLimitStore } from '#commons/store/caller-limit-store';
import type { TokenBucket } from '#functions/contracts/caller-limits';
import { BATCH_ITEMS, STATUS_POLLS } from '#functions/contracts/caller-limits';
import type { LocalDynamoDb } from '#local/local-dynamodb';
import { startLocalTable } from '../support/local-table';

const TableName = 'caller-limits-test';
let dynamodb: LocalDynamoDb;
let store: CallerLimitStore;
let read: (pk: string) => Promise<Record<string, unknown> | undefined>;
let nextCaller = 100;
const caller = () => nextCaller++;

beforeAll(async () => {
  dynamodb = await startLocalTable(TableName);
  // The functions' client reads its endpoint and table from the environment, as in the sandbox.
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: dynamodb.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: TableName,
  });
  store = (await import('#commons/store/dynamodb-caller-limit-store')).dynamoDbCallerLimitStore;
  const { documentClient } = await import('#commons/clients/dynamodb');
  read = async (pk) =>
    (await documentClient.send(new GetCommand({ TableName, Key: { pk, sk: 'LIMIT' } }))).Item;
});

afterAll(async () => {
  await dynamodb.close();
});

const T0 = Date.parse('2026-11-22T10:00:09.500Z');
const take = (userId: number, nowMs: number, bucket: TokenBucket = STATUS_POLLS, cost = 1) =>
  store.take('report-status', userId, { bucket, cost, nowMs });

describe('the per-caller token bucket in the table (GCRA)', () => {
  it('lets the whole bucket through at once and refuses the next, with the state to say for how long', async () => {
    const user = caller();
    for (let i = 0; i < STATUS_POLLS.capacity; i++) expect((await take(user, T0)).taken).toBe(true);
    expect(await take(user, T0)).toEqual({ taken: false, tat: T0 + 10_000, holding: [] });
    expect(await read(`LIMIT#report-status#${user}`)).toMatchObject({ tat: T0 + 10_000 });
  });

  it('refuses a burst across what was a window boundary: 10 at :09.5, then 10 at :10.1 let 10 through, not 20', async () => {
    const user = caller();
    const before = await Promise.all(Array.from({ length: 10 }, () => take(user, T0)));
    const after = await Promise.all(Array.from({ length: 10 }, () => take(user, T0 + 600)));
    expect([...before, ...after].filter((r) => r.taken)).toHaveLength(10);
  });

  it('gives one token back per refill interval after a burst', async () => {
    const user = caller();
    for (let i = 0; i < STATUS_POLLS.capacity; i++) await take(user, T0);
    expect((await take(user, T0 + 999)).taken).toBe(false);
    expect((await take(user, T0 + 1_000)).taken).toBe(true);
    expect((await take(user, T0 + 1_500)).taken).toBe(false);
    // Idle long enough, the bucket is full again.
    const later = await Promise.all(Array.from({ length: 12 }, () => take(user, T0 + 60_000)));
    expect(later.filter((r) => r.taken)).toHaveLength(10);
  });

  it('never lets concurrent requests of one caller take more than the bucket', async () => {
    const user = caller();
    const results = await Promise.all(Array.from({ length: 25 }, () => take(user, T0)));
    expect(results.filter((r) => r.taken)).toHaveLength(STATUS_POLLS.capacity);
  });

  it('keeps callers apart', async () => {
    const a = caller();
    const b = caller();
    for (let i = 0; i < STATUS_POLLS.capacity; i++) await take(a, T0);
    expect((await take(a, T0)).taken).toBe(false);
    expect((await take(b, T0)).taken).toBe(true);
  });

  it("takes a whole batch's items at once and says where it starts on the caller's schedule", async () => {
    const user = caller();
    const batch = (nowMs: number, cost: number) =>
      store.take('batches', user, { bucket: BATCH_ITEMS, cost, nowMs });
    expect(await batch(T0, 1_000)).toEqual({ taken: true, startsAt: T0 });
    // 1,000 items at 250 a second are 4 s of the caller's schedule.
    expect(await batch(T0 + 1_000, 1_000)).toEqual({ taken: true, startsAt: T0 + 4_000 });
    for (let i = 0; i < 18; i++) expect((await batch(T0 + 1_000, 1_000)).taken).toBe(true);
    expect(await batch(T0 + 1_000, 1_000)).toMatchObject({ taken: false, tat: T0 + 80_000 });
  });
});

describe('places held at once (reports in progress)', () => {
  const hourly: TokenBucket = { capacity: 30, refillSeconds: 3_600 };
  const hold = (user: number, id: string, max = 3) =>
    store.take('reports', user, { bucket: hourly, cost: 1, nowMs: T0, hold: { id, max } });

  it('takes a token and a place in one write, refuses both past the places, and a release frees one', async () => {
    const user = caller();
    for (const id of ['a', 'b', 'c']) expect((await hold(user, id)).taken).toBe(true);
    const refused = await hold(user, 'd');
    expect(refused).toMatchObject({ taken: false, tat: T0 + 3 * 120_000 });
    expect(refused.taken === false && [...refused.holding].sort()).toEqual(['a', 'b', 'c']);
    // The refused request took no token: the bucket still says three.
    expect(await read(`LIMIT#reports#${user}`)).toMatchObject({ tat: T0 + 3 * 120_000 });

    await store.release('reports', user, 'b');
    await store.release('reports', user, 'b');
    expect((await hold(user, 'd')).taken).toBe(true);
    expect((await read(`LIMIT#reports#${user}`))?.holding).toEqual(new Set(['a', 'c', 'd']));
  });

  it('lets concurrent requests take no more places than there are', async () => {
    const user = caller();
    const results = await Promise.all(['p', 'q', 'r', 's', 't', 'u'].map((id) => hold(user, id)));
    expect(results.filter((r) => r.taken)).toHaveLength(3);
  });

  it('releasing for a caller with no item writes nothing', async () => {
    const user = caller();
    await store.release('reports', user, 'x');
    expect(await read(`LIMIT#reports#${user}`)).toBeUndefined();
  });
});
