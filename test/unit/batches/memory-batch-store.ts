import type { BatchError, BatchRecord } from '#functions/batches/domain/batch';
import type { BatchStore } from '#functions/batches/store/batch-store';

/** The BatchStore contract in memory, for the service's rules; the DynamoDB adapter is tested end to end. */
export const memoryBatchStore = (orders: Record<number, { userId: number; sentOn?: string }>) => {
  let counter = 0;
  const batches = new Map<number, BatchRecord & { chunksDone: Set<number> }>();
  const store: BatchStore = {
    nextBatchId: async () => ++counter,
    createBatch: async (batch) => {
      batches.set(batch.id, { ...batch, chunksDone: new Set() });
    },
    getBatch: async (id) => batches.get(id),
    recordChunk: async (batchId, chunk, processed, errors: readonly BatchError[], now) => {
      const batch = batches.get(batchId);
      if (!batch || batch.chunksDone.has(chunk)) return 'duplicate';
      const count = (batch.count ?? 0) + processed;
      batches.set(batchId, {
        ...batch,
        count,
        errors: [...(batch.errors ?? []), ...errors],
        status: count === batch.itemCount ? 'completed' : 'processing',
        updatedAt: now,
        chunksDone: new Set([...batch.chunksDone, chunk]),
      });
      return count === batch.itemCount ? 'completed' : 'recorded';
    },
    setOrderSentOn: async (orderId, sentOn, ownerId) => {
      const order = orders[orderId];
      if (!order || (ownerId !== undefined && order.userId !== ownerId)) return false;
      order.sentOn = sentOn;
      return true;
    },
  };
  return { store, batches, orders };
};
