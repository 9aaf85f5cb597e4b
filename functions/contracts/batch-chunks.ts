/**
 * What the sandbox's batch queue (local/queues/sample-sqs-events.ts) and the batch benchmark
 * (bench/batch-completion.ts) use of a batch: the message a chunk is queued as and its sizes.
 */

export type { BatchChunkMessage } from '#functions/batches/domain/batch';
export { CHUNK_SIZE, MAX_BATCH_ITEMS } from '#functions/batches/domain/batch';
