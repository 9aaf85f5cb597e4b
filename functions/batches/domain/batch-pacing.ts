import { unitMs } from '#commons/gcra';
import { BATCH_ITEMS, BATCH_LIMITS } from '#functions/contracts/caller-limits';

/** SQS's longest message delay (`DelaySeconds`). */
export const MAX_DELAY_SECONDS = 900;

/**
 * How long each chunk of a batch waits in the queue before it may be processed (docs/decisions/order-batches.md
 * D57): a caller's items are scheduled at `BATCH_LIMITS.itemsPerSecond` after those they
 * already have waiting (`startsAt` is where this batch starts on the caller's schedule, from
 * the GCRA bucket), and a chunk goes at once while fewer than `unpacedItems` of the caller's
 * items are ahead of it. So a batch of up to 1,000 items from a caller with nothing waiting goes
 * at once, and a backlog reaches the queue at the caller's pace instead of filling it ahead of
 * everyone else. Whole seconds, as SQS takes them, rounded down.
 */
export const chunkDelays = (startsAt: number, nowMs: number, chunkSizes: readonly number[]): number[] => {
  const unit = unitMs(BATCH_ITEMS);
  let before = 0;
  return chunkSizes.map((size) => {
    const dueAt = startsAt + (before - BATCH_LIMITS.unpacedItems) * unit;
    before += size;
    return Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.floor((dueAt - nowMs) / 1000)));
  });
};
