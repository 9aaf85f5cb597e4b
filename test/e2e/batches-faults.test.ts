/**
 * Order batches when processing fails (issue 4 "Done when"), on a sandbox started with
 * SANDBOX_FAULTS, which makes the event source mapping fail chosen messages (the chunks that
 * carry chosen orders): a message the processor fails on comes back and only it is processed
 * again; an invocation that fails after its work is redone without counting anything twice;
 * a message that fails every delivery goes to the dead-letter queue after the construct's
 * maxReceiveCount receives and its items end in `errors`. Each batch must come out exact.
 */
import { CHUNK_SIZE } from '#functions/batches/domain/batch';
import { batchFunctions } from '#functions/function-registry';
import { batchQueueSettings } from '#lib/batch-queue-settings';
import {
  type BatchBody,
  type BatchSandbox,
  byId,
  expectedErrors,
  newSentOn,
  pollUntilCompleted,
  postBatch,
  type RequestItem,
  sentOnOf,
  startBatchSandbox,
  waitUntil,
} from './support/batches';
import { orders, ordersOf, UNKNOWN_ORDER_ID } from './support/seed-identities';

const CALLER = 9;
const PROCESSOR = batchFunctions.processor.name;
const RECORDER = batchFunctions.deadLetters.name;
const { maxReceiveCount } = batchQueueSettings.queue;

const own = ordersOf(CALLER).map((o) => o.id);
const theirs = orders.filter((o) => o.userId !== CALLER).map((o) => o.id);
const seeded = new Map(orders.map((o) => [o.id, o.sentOn]));

/**
 * A batch of `chunks` chunks of the caller's orders `own[from...]`, with one unknown order and
 * one of another customer's in each chunk (the errors every batch must list).
 */
/** Of each chunk's items, this many are the caller's orders, one another customer's, the rest unknown ids. */
const MINE_PER_CHUNK = 4;

const batchOf = (from: number, chunks: number, salt: number) => {
  const items: RequestItem[] = [];
  const bad: number[] = [];
  for (let c = 0; c < chunks; c++) {
    const mine = own.slice(from + c * MINE_PER_CHUNK, from + (c + 1) * MINE_PER_CHUNK);
    const unknown = Array.from(
      { length: CHUNK_SIZE - MINE_PER_CHUNK - 1 },
      (_, k) => UNKNOWN_ORDER_ID + salt * 10_000 + c * 100 + k,
    );
    const another = theirs[salt * 100 + c]!;
    bad.push(...unknown, another);
    const chunk = [unknown[0]!, ...mine, ...unknown.slice(1), another];
    items.push(...chunk.map((id, n) => ({ id, sent_on: newSentOn(salt + c + n) })));
  }
  return { items, bad, mine: items.map((i) => i.id).filter((id) => !bad.includes(id)) };
};

/** The order at `position` of chunk `chunk` (each chunk starts with its unknown order). */
const orderIn = (items: readonly RequestItem[], chunk: number, position = 1) =>
  items[chunk * CHUNK_SIZE + position]!.id;

// Three batches over distinct orders of the caller: 10, 6 and 4 chunks.
const retried = batchOf(0, 10, 1);
const crashed = batchOf(10 * MINE_PER_CHUNK, 6, 2);
const poisoned = batchOf(16 * MINE_PER_CHUNK, 4, 3);

const faults = {
  // Chunk 2 fails its first two deliveries, chunk 7 its first.
  fail: {
    [orderIn(retried.items, 2)]: 2,
    [orderIn(retried.items, 7)]: 1,
    // Chunk 1 fails every delivery.
    [orderIn(poisoned.items, 1)]: 'always',
  },
  // The invocation carrying chunk 0 fails after its work, once.
  crash: { [orderIn(crashed.items, 0)]: 1 },
};

describe('order batches when processing fails', () => {
  let sandbox: BatchSandbox;
  let token: string;
  beforeAll(async () => {
    sandbox = await startBatchSandbox({ faults });
    token = sandbox.token(CALLER);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  /**
   * Posts the batch, waits for it, and checks it is exact. Then waits until every one of its
   * messages is settled (deleted by the processor, or by the dead-letter recorder for the
   * `dead` ones): a redelivery may still be on its way when the batch is already complete.
   * Returns what the mappings did meanwhile.
   */
  const run = async (batch: ReturnType<typeof batchOf>, options: { dead?: readonly number[] } = {}) => {
    const dead = options.dead ?? [];
    const extraErrors = dead.flatMap((chunk) =>
      batch.items.slice(chunk * CHUNK_SIZE, (chunk + 1) * CHUNK_SIZE).map((i) => i.id),
    );
    const chunks = Math.ceil(batch.items.length / CHUNK_SIZE);
    const before = await sandbox.stats();
    const created = await postBatch(sandbox, token, { items: batch.items });
    expect(created.status).toBe(201);
    const { batch: done } = await pollUntilCompleted(sandbox, token, (created.body as BatchBody).id, 15_000);
    expect(done.count).toBe(batch.items.length);
    expect(byId(done.errors)).toEqual(expectedErrors([...batch.bad, ...extraErrors]));
    // No error listed twice.
    expect(done.errors).toHaveLength(new Set([...batch.bad, ...extraErrors]).size);
    const after = await waitUntil(
      async () => {
        const now = await sandbox.stats();
        const deleted = (fn: string) => now.mappings[fn]!.deleted - before.mappings[fn]!.deleted;
        return deleted(PROCESSOR) === chunks - dead.length && deleted(RECORDER) === dead.length
          ? now
          : undefined;
      },
      5_000,
      'every message of the batch to be settled',
    );
    const delta = (fn: string, key: keyof (typeof after.mappings)[string]) =>
      after.mappings[fn]![key] - before.mappings[fn]![key];
    return { done, delta };
  };

  const expectSentOn = async (batch: ReturnType<typeof batchOf>, skip: readonly number[] = []) => {
    const wanted = new Map(batch.items.map((i) => [i.id, i.sent_on]));
    const ids = batch.mine.filter((id) => !skip.includes(id));
    const read = await sentOnOf(sandbox, token, ids);
    expect(Object.fromEntries(read)).toEqual(Object.fromEntries(ids.map((id) => [id, wanted.get(id)])));
  };

  it('retries only the messages the processor failed on, and ends exact', async () => {
    const { delta } = await run(retried);
    // 10 messages delivered once, plus 2 + 1 redeliveries of the two that failed: nothing else
    // was processed again.
    expect(delta(PROCESSOR, 'records')).toBe(10 + 3);
    expect(delta(PROCESSOR, 'redelivered')).toBe(3);
    expect(delta(PROCESSOR, 'injected')).toBe(3);
    expect(delta(PROCESSOR, 'deleted')).toBe(10);
    expect(delta(RECORDER, 'records')).toBe(0);
    await expectSentOn(retried);
  });

  it('redoes an invocation that failed after its work without counting anything twice', async () => {
    const { delta } = await run(crashed);
    expect(delta(PROCESSOR, 'failedInvocations')).toBe(1);
    // The crashed invocation's messages (chunk 0 and whichever came with it) came back once.
    expect(delta(PROCESSOR, 'redelivered')).toBeGreaterThanOrEqual(1);
    expect(delta(PROCESSOR, 'records')).toBe(6 + delta(PROCESSOR, 'redelivered'));
    expect(delta(PROCESSOR, 'deleted')).toBe(6);
    await expectSentOn(crashed);
  });

  it('sends a message that always fails to the dead-letter queue, and lists its items in errors', async () => {
    const chunk1 = poisoned.items.slice(CHUNK_SIZE, 2 * CHUNK_SIZE).map((i) => i.id);
    const { delta } = await run(poisoned, { dead: [1] });
    expect(delta(PROCESSOR, 'records')).toBe(4 + (maxReceiveCount - 1));
    expect(delta(PROCESSOR, 'injected')).toBe(maxReceiveCount);
    expect(delta(RECORDER, 'records')).toBe(1);
    expect(delta(RECORDER, 'deleted')).toBe(1);
    // The dead chunk's orders were never touched; the other chunks' got their dates.
    await expectSentOn(poisoned, chunk1);
    const untouched = await sentOnOf(
      sandbox,
      token,
      chunk1.filter((id) => poisoned.mine.includes(id)),
    );
    expect([...untouched].every(([id, sentOn]) => sentOn === seeded.get(id))).toBe(true);
  });
});
