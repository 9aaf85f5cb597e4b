/**
 * Order batches as a new user meets them (issue 4, docs/decisions/order-batches.md D4; docs/decisions/tokens-and-rights.md D3): a batch of 1,000 items is accepted
 * at once (201, Location, `pending`), completes within seconds through the queue with `count`
 * 1,000 and `errors` listing exactly the items that are not the caller's orders, and the orders
 * carry their new `sent_on`. Only its creator (and administrators) see a batch; a malformed
 * body is a 400 and creates no batch; a message delivered twice changes nothing twice.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { CHUNK_SIZE, MAX_BATCH_ITEMS } from '#functions/batches/domain/batch';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from '#local/sandbox-identity';
import {
  type BatchBody,
  type BatchSandbox,
  byId,
  chunkMessageFor,
  expectedErrors,
  getBatch,
  newSentOn,
  pollUntilCompleted,
  postBatch,
  type RequestItem,
  sentOnOf,
  startBatchSandbox,
  TIMESTAMP,
  waitUntil,
} from './support/batches';
import { ADMIN, NOT_FOUND, orders, ordersOf, UNKNOWN_ORDER_ID } from './support/seed-identities';

/** The caller: the customer with the most orders (105). */
const CALLER = 9;
const OTHER_CUSTOMER = 3;
/** docs/performance.md "Budgets": a batch of 1,000 items completes within 10 s in the sandbox. */
const COMPLETION_BUDGET_MS = 10_000;

const mine = ordersOf(CALLER).map((o) => o.id);
const others = orders.filter((o) => o.userId !== CALLER).map((o) => o.id);
const theirs = others.filter((_, i) => i % 3 === 0).slice(0, 300);
const unknown = Array.from(
  { length: MAX_BATCH_ITEMS - mine.length - theirs.length },
  (_, i) => UNKNOWN_ORDER_ID + i * 7,
);

/** 1,000 items: every one of the caller's orders (105), 300 other customers' orders, unknown ids for the rest, interleaved. */
const storyItems: RequestItem[] = [...mine, ...unknown, ...theirs]
  .map((id, n) => ({ id, sent_on: newSentOn(n), key: (id * 7919) % 1009 }))
  .sort((a, b) => a.key - b.key || a.id - b.id)
  .map(({ id, sent_on }) => ({ id, sent_on }));

describe('order batches', () => {
  let sandbox: BatchSandbox;
  let token: string;
  beforeAll(async () => {
    sandbox = await startBatchSandbox();
    token = sandbox.token(CALLER);
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  let created: BatchBody;
  let completed: BatchBody;

  it('has the story data it needs: 1,000 distinct items, every one of the caller’s orders among them', () => {
    expect(storyItems).toHaveLength(MAX_BATCH_ITEMS);
    expect(new Set(storyItems.map((i) => i.id)).size).toBe(MAX_BATCH_ITEMS);
    expect(mine.length).toBeGreaterThan(100);
    expect(theirs).toHaveLength(300);
  });

  it('accepts a batch of 1,000 items: 201, Location of the batch, the pending batch as body', async () => {
    const response = await postBatch(sandbox, token, { items: storyItems });
    expect(response.status).toBe(201);
    created = response.body as BatchBody;
    expect(created).toEqual({
      id: expect.any(Number),
      status: 'pending',
      count: null,
      errors: null,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: created.created_at,
    });
    expect(response.headers.get('location')).toBe(`${sandbox.url}/orders/batches/${created.id}`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it(`completes within ${COMPLETION_BUDGET_MS / 1000} s with count 1,000 and exactly the bad items in errors`, async () => {
    const { batch, statuses } = await pollUntilCompleted(sandbox, token, created.id, COMPLETION_BUDGET_MS);
    completed = batch;
    // Polling sees the batch move forward only: pending → processing → completed (or a part of it).
    const order = ['pending', 'processing', 'completed'];
    expect(statuses.map((s) => order.indexOf(s))).toEqual([...statuses.map((s) => order.indexOf(s))].sort());
    expect(batch).toMatchObject({ id: created.id, status: 'completed', count: MAX_BATCH_ITEMS });
    expect(byId(batch.errors)).toEqual(expectedErrors([...unknown, ...theirs]));
    expect(batch.created_at).toBe(created.created_at);
    expect(batch.updated_at).toMatch(TIMESTAMP);
    expect(batch.updated_at >= batch.created_at).toBe(true);
  });

  it('gave each of the caller’s orders its new sent_on, and left the other customers’ orders alone', async () => {
    const wanted = new Map(storyItems.map((i) => [i.id, i.sent_on]));
    const read = await sentOnOf(sandbox, token, mine);
    expect(Object.fromEntries(read)).toEqual(Object.fromEntries(mine.map((id) => [id, wanted.get(id)])));
    const seeded = new Map(orders.map((o) => [o.id, o.sentOn]));
    const untouched = await sentOnOf(sandbox, sandbox.token(ADMIN, { admin: true }), theirs.slice(0, 20));
    expect(Object.fromEntries(untouched)).toEqual(
      Object.fromEntries(theirs.slice(0, 20).map((id) => [id, seeded.get(id)])),
    );
  });

  it('shows the batch to its creator and administrators; to another customer exactly like an unknown batch', async () => {
    const unknownBatch = await getBatch(sandbox, sandbox.token(OTHER_CUSTOMER), created.id + 1000);
    expect(unknownBatch).toMatchObject({ status: 404, body: NOT_FOUND });
    const another = await getBatch(sandbox, sandbox.token(OTHER_CUSTOMER), created.id);
    expect({ status: another.status, body: another.body }).toEqual({
      status: unknownBatch.status,
      body: unknownBatch.body,
    });
    const admin = await getBatch(sandbox, sandbox.token(ADMIN, { admin: true }), created.id);
    expect(admin).toMatchObject({ status: 200, body: completed });
    expect((await sandbox.api(`/orders/batches/${created.id}`)).status).toBe(401);
  });

  it('does nothing twice when a message is delivered twice', async () => {
    const before = await sandbox.stats();
    const sqs = new SQSClient({
      endpoint: sandbox.running.sqsEndpoint!,
      region: SANDBOX_REGION,
      credentials: SANDBOX_CREDENTIALS,
    });
    try {
      // Chunk 3 again, exactly as the batch's creation sent it.
      const message = chunkMessageFor(created.id, CALLER, storyItems, 3, CHUNK_SIZE);
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: sandbox.running.batchQueueUrl!,
          MessageBody: JSON.stringify(message),
        }),
      );
    } finally {
      sqs.destroy();
    }
    const processor = 'process-batch-items';
    const after = await waitUntil(
      async () => {
        const stats = await sandbox.stats();
        return stats.mappings[processor]!.deleted > before.mappings[processor]!.deleted ? stats : undefined;
      },
      5_000,
      'the duplicate to be processed',
    );
    expect(after.mappings[processor]!.records - before.mappings[processor]!.records).toBe(1);
    expect(after.mappings[processor]!.retried).toBe(before.mappings[processor]!.retried);
    const again = await getBatch(sandbox, token, created.id);
    // Same count, same errors (none twice), not even a new updated_at.
    expect(again.body).toEqual(completed);
  });

  describe('a malformed body', () => {
    const item = { id: mine[0]!, sent_on: '2027-01-01' };
    const tooMany = Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, i) => ({
      id: i + 1,
      sent_on: '2027-01-01',
    }));
    it.each<[string, unknown]>([
      ['an empty item list', { items: [] }],
      ['1,001 items', { items: tooMany }],
      ['a non-integer id', { items: [{ id: 1.5, sent_on: '2027-01-01' }] }],
      ['an id given as a string', { items: [{ id: String(item.id), sent_on: '2027-01-01' }] }],
      ['a date that is not a calendar day', { items: [{ id: item.id, sent_on: '2025-02-30' }] }],
      ['a date in another format', { items: [{ id: item.id, sent_on: '01/02/2027' }] }],
      ['an unknown field in an item', { items: [{ ...item, status: 'shipped' }] }],
      ['an unknown field beside the items', { items: [item], note: 'x' }],
      ['no items', {}],
      ['a body that is not JSON', '{"items": [{"id": 1, '],
      // docs/decisions/order-batches.md D66.
      ['an order id twice', { items: [item, { ...item, sent_on: '2027-01-02' }] }],
      ['a sent_on before 2000', { items: [{ ...item, sent_on: '1999-12-31' }] }],
      [
        'a sent_on after next year',
        { items: [{ ...item, sent_on: `${new Date().getUTCFullYear() + 2}-01-01` }] },
      ],
    ])('(%s) is a 400 invalid_request and creates no batch', async (_, body) => {
      const before = await postBatch(sandbox, token, { items: [item] });
      expect(before.status).toBe(201);
      const response = await postBatch(sandbox, token, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
      const next = await postBatch(sandbox, token, { items: [item] });
      expect(next.status).toBe(201);
      // Batch ids come from one counter, and nothing else creates batches in this sandbox.
      expect((next.body as BatchBody).id).toBe((before.body as BatchBody).id + 1);
    });
  });
});
