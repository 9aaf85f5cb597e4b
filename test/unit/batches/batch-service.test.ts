import type { BatchChunkMessage } from '#functions/batches/domain/batch';
import { processChunk, recordDeadChunk } from '#functions/batches/services/batch-processing-service';
import { createBatch } from '#functions/batches/services/batch-request-service';
import type { BatchStore, ChunkMessage, ChunkQueue } from '#functions/batches/store/batch-store';
import { memoryCallerLimitStore } from '../support/memory-caller-limit-store';
import { memoryBatchStore } from './memory-batch-store';

/** The service's ports: the batch store and queue given, and limits of their own. */
const portsOf = (store: BatchStore, queue: ChunkQueue) => ({
  store,
  queue,
  limits: memoryCallerLimitStore().store,
});

const now = new Date('2026-11-22T10:00:00Z');
const customer = { userId: 2, admin: false };
const orders = () =>
  ({ 1: { userId: 2 }, 2: { userId: 2 }, 3: { userId: 3 } }) as Record<
    number,
    { userId: number; sentOn?: string }
  >;

const capture = () => {
  const sent: BatchChunkMessage[] = [];
  return {
    sent,
    queue: {
      send: async (messages: readonly ChunkMessage[]) => {
        sent.push(...messages.map((m) => JSON.parse(m.body)));
        return [];
      },
    },
  };
};

describe('batches', () => {
  it('records a pending batch and queues its items in chunks of 25', async () => {
    const { store, batches } = memoryBatchStore(orders());
    const { sent, queue } = capture();
    const items = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, sentOn: '2026-11-20' }));
    const batch = await createBatch(portsOf(store, queue), customer, items, now);
    expect(batch).toMatchObject({
      id: 1,
      status: 'pending',
      itemCount: 60,
      createdAt: '2026-11-22 10:00:00',
    });
    expect(batches.get(1)?.count).toBeUndefined();
    expect(sent.map((m) => [m.chunk, m.items.length])).toEqual([
      [0, 25],
      [1, 25],
      [2, 10],
    ]);
    expect(sent[0]).toMatchObject({ batchId: 1, ownerId: 2, admin: false });
  });

  it("applies the caller's orders, lists the others as errors, and completes", async () => {
    const { store, batches, orders: stored } = memoryBatchStore(orders());
    const { sent, queue } = capture();
    await createBatch(
      portsOf(store, queue),
      customer,
      [1, 3, 99, 2].map((id) => ({ id, sentOn: '2026-11-20' })),
      now,
    );
    for (const message of sent) await processChunk(store, message, now);
    expect(batches.get(1)).toMatchObject({
      status: 'completed',
      count: 4,
      errors: [
        { id: 3, url: '/orders/3' },
        { id: 99, url: '/orders/99' },
      ],
    });
    expect([stored[1]?.sentOn, stored[2]?.sentOn, stored[3]?.sentOn]).toEqual([
      '2026-11-20',
      '2026-11-20',
      undefined,
    ]);
  });

  it('lets an administrator change any order', async () => {
    const { store, batches } = memoryBatchStore(orders());
    const { sent, queue } = capture();
    await createBatch(
      portsOf(store, queue),
      { userId: 1, admin: true },
      [{ id: 3, sentOn: '2026-01-02' }],
      now,
    );
    await processChunk(store, sent[0]!, now);
    expect(batches.get(1)).toMatchObject({ status: 'completed', count: 1, errors: [] });
  });

  it('counts a redelivered chunk once and never duplicates its errors', async () => {
    const { store, batches } = memoryBatchStore(orders());
    const { sent, queue } = capture();
    await createBatch(
      portsOf(store, queue),
      customer,
      [
        { id: 99, sentOn: '2026-11-20' },
        { id: 1, sentOn: '2026-11-20' },
      ],
      now,
    );
    await processChunk(store, sent[0]!, now);
    await processChunk(store, sent[0]!, now);
    await recordDeadChunk(store, sent[0]!, now);
    expect(batches.get(1)).toMatchObject({ count: 2, errors: [{ id: 99, url: '/orders/99' }] });
  });

  it('records the items of chunks that could not be queued as errors, so the batch still completes', async () => {
    const { store, batches } = memoryBatchStore(orders());
    const queue = { send: async () => [1] };
    const items = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, sentOn: '2026-11-20' }));
    await createBatch(portsOf(store, queue), customer, items, now);
    expect(batches.get(1)).toMatchObject({ status: 'processing', count: 5 });
    expect(batches.get(1)?.errors?.map((e) => e.id)).toEqual([26, 27, 28, 29, 30]);
  });

  it('records a dead chunk with all its items failed', async () => {
    const { store, batches } = memoryBatchStore(orders());
    const { sent, queue } = capture();
    await createBatch(portsOf(store, queue), customer, [{ id: 1, sentOn: '2026-11-20' }], now);
    await recordDeadChunk(store, sent[0]!, now);
    expect(batches.get(1)).toMatchObject({
      status: 'completed',
      count: 1,
      errors: [{ id: 1, url: '/orders/1' }],
    });
  });
});
