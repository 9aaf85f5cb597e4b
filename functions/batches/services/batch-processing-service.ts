import { countMetric } from '#commons/metrics';
import { METRIC_NAMES } from '#functions/contracts/metric-names';
import { type BatchChunkMessage, batchError, timestamp } from '../domain/batch';
import type { BatchStore, ChunkRecorded } from '../store/batch-store';

/*
 * The queue side of batches, apart from the request side (batch-request-service.ts): only these
 * count metrics, so POST /orders/batches does not load Powertools Metrics at its cold start.
 */

/**
 * Applies one chunk: each order the batch's creator may change (an administrator: any) gets its
 * `sent_on`; the others are errors. Then the chunk's result is recorded once; a redelivered
 * message repeats only the idempotent order writes.
 */
export const processChunk = async (
  store: BatchStore,
  message: BatchChunkMessage,
  now: Date,
): Promise<void> => {
  const owner = message.admin ? undefined : message.ownerId;
  const applied = await Promise.all(
    message.items.map((item) => store.setOrderSentOn(item.id, item.sentOn, owner)),
  );
  const errors = message.items.filter((_, i) => !applied[i]).map((item) => batchError(item.id));
  const recorded = await store.recordChunk(
    message.batchId,
    message.chunk,
    message.items.length,
    errors,
    timestamp(now),
  );
  countRecordedChunk(recorded, message.items.length, errors.length);
};

/** The metrics of a chunk, once: a redelivered message was counted when it was recorded. */
const countRecordedChunk = (recorded: ChunkRecorded, items: number, failed: number): void => {
  if (recorded === 'duplicate') return;
  countMetric(METRIC_NAMES.batchItemsProcessed, items);
  countMetric(METRIC_NAMES.batchItemsFailed, failed);
  if (recorded === 'completed') countMetric(METRIC_NAMES.batchesCompleted);
};

/** A chunk that ended in the dead-letter queue: all its items failed, unless it was already recorded. */
export const recordDeadChunk = async (
  store: BatchStore,
  message: BatchChunkMessage,
  now: Date,
): Promise<void> => {
  const recorded = await store.recordChunk(
    message.batchId,
    message.chunk,
    message.items.length,
    message.items.map((item) => batchError(item.id)),
    timestamp(now),
  );
  countRecordedChunk(recorded, message.items.length, message.items.length);
  if (recorded !== 'duplicate') countMetric(METRIC_NAMES.batchChunksDeadLettered);
};
