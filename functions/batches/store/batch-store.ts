import type { BatchError, BatchRecord } from '../domain/batch';

/**
 * What recording a chunk did: `duplicate` when it was recorded before (a redelivered message,
 * nothing changed), else `recorded`, or `completed` when it was the batch's last one.
 */
export type ChunkRecorded = 'duplicate' | 'recorded' | 'completed';

/** The batches port. */
export interface BatchStore {
  /** The next batch id, from an atomic counter. */
  nextBatchId(): Promise<number>;
  createBatch(batch: BatchRecord): Promise<void>;
  getBatch(id: number): Promise<BatchRecord | undefined>;
  /**
   * Records the result of one chunk once: adds `processed` to `count` and `errors` to the
   * errors, moves the batch to `processing`, then to `completed` when every item is counted.
   * Says whether this chunk was already recorded (a redelivered message) and whether it completed the batch.
   */
  recordChunk(
    batchId: number,
    chunk: number,
    processed: number,
    errors: readonly BatchError[],
    now: string,
  ): Promise<ChunkRecorded>;
  /**
   * Sets an order's `sent_on` when it exists and, unless `ownerId` is undefined (an
   * administrator's batch), belongs to that user. Returns false otherwise. Setting the same
   * value again changes nothing, so a retried item is harmless.
   */
  setOrderSentOn(orderId: number, sentOn: string, ownerId: number | undefined): Promise<boolean>;
}

/** A chunk's message, and how long the queue keeps it from the processor (whole seconds, 0–900). */
export interface ChunkMessage {
  readonly chunk: number;
  readonly body: string;
  readonly delaySeconds: number;
}

/** The queue port: sends chunk messages, returns the chunks that could not be sent. */
export interface ChunkQueue {
  send(messages: readonly ChunkMessage[]): Promise<number[]>;
}
