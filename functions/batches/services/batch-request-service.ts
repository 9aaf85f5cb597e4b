import type { Caller } from '#commons/caller';
import { takeCallerLimit } from '#commons/caller-limit';
import type { CallerLimitStore } from '#commons/store/caller-limit-store';
import { BATCH_ITEMS } from '#functions/contracts/caller-limits';
import {
  type BatchChunkMessage,
  type BatchItem,
  type BatchRecord,
  batchError,
  chunksOf,
  timestamp,
} from '../domain/batch';
import { chunkDelays } from '../domain/batch-pacing';
import type { BatchStore, ChunkQueue } from '../store/batch-store';

/** Over the caller's items in progress (docs/decisions/order-batches.md D58): answered 429 with `Retry-After`. */
export class BatchRequestLimited extends Error {
  override readonly name = 'BatchRequestLimited';
  constructor(readonly retryAfterSeconds: number) {
    super('Too many batch items in progress');
  }
}

/**
 * Takes the batch's items from the caller's bucket (docs/decisions/order-batches.md D58; refused: nothing is
 * recorded), records the batch (`pending`) and queues its items, one message per chunk, each
 * delayed to the caller's pace (D57). A chunk that cannot be queued is recorded at once with all
 * its items in `errors`, so the batch still completes and says exactly which items were not
 * applied, instead of staying `pending` for ever.
 */
export const createBatch = async (
  deps: { store: BatchStore; queue: ChunkQueue; limits: CallerLimitStore },
  caller: Caller,
  items: readonly BatchItem[],
  now: Date,
): Promise<BatchRecord> => {
  const { store, queue } = deps;
  const limit = await takeCallerLimit(deps.limits, 'batches', caller.userId, {
    bucket: BATCH_ITEMS,
    cost: items.length,
    nowMs: now.getTime(),
  });
  if (!limit.taken) throw new BatchRequestLimited(limit.retryAfterSeconds);
  const id = await store.nextBatchId();
  const at = timestamp(now);
  const batch: BatchRecord = {
    id,
    ownerId: caller.userId,
    status: 'pending',
    itemCount: items.length,
    createdAt: at,
    updatedAt: at,
  };
  await store.createBatch(batch);
  const chunks = chunksOf(items);
  const delays = chunkDelays(
    limit.startsAt,
    now.getTime(),
    chunks.map((c) => c.length),
  );
  const messages = chunks.map((chunkItems, chunk) => {
    const message: BatchChunkMessage = {
      batchId: id,
      chunk,
      ownerId: caller.userId,
      admin: caller.admin,
      items: chunkItems,
    };
    return { chunk, body: JSON.stringify(message), delaySeconds: delays[chunk] ?? 0 };
  });
  const unsent = await queue.send(messages);
  for (const chunk of unsent) {
    const chunkItems = chunks[chunk] ?? [];
    await store.recordChunk(
      id,
      chunk,
      chunkItems.length,
      chunkItems.map((item) => batchError(item.id)),
      at,
    );
  }
  return batch;
};
