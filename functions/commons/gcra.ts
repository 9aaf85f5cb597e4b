import type { TokenBucket } from '#functions/contracts/caller-limits';

/**
 * GCRA, the Generic Cell Rate Algorithm (ITU-T I.371; the "virtual scheduling" form used by
 * redis-cell and Brandur Leach's "Rate limiting, cells, and GCRA"): a token bucket kept as one
 * number per caller, the theoretical arrival time (`tat`, epoch ms) at which the caller's bucket
 * is full again. Each token takes `unitMs` to come back; a request of `cost` tokens moves `tat`
 * on by `cost × unitMs` from `max(tat, now)`, and is allowed while that stays within
 * `capacity × unitMs` of now. Unlike a fixed window, no instant lets more than `capacity`
 * through: after a burst the caller gets one token per `unitMs`, whatever the clock says.
 * docs/decisions/limits-and-throttles.md D25 cites this. Pure: no AWS, no clock.
 */

/** Milliseconds for one token to come back. */
export const unitMs = (bucket: TokenBucket): number => (bucket.refillSeconds * 1000) / bucket.capacity;

export type GcraDecision =
  | {
      readonly allowed: true;
      /** The caller's new `tat`. */
      readonly tat: number;
      /** `max(tat, now)` before this request: where its tokens start on the caller's schedule. */
      readonly startsAt: number;
    }
  | { readonly allowed: false; readonly retryAfterMs: number };

/** Whether `cost` tokens may be taken at `nowMs` from a bucket whose `tat` is as given (undefined: full). */
export const gcra = (tat: number | undefined, nowMs: number, bucket: TokenBucket, cost = 1): GcraDecision => {
  const unit = unitMs(bucket);
  const startsAt = Math.max(tat ?? nowMs, nowMs);
  const next = startsAt + cost * unit;
  const allowedAt = next - bucket.capacity * unit;
  return allowedAt <= nowMs
    ? { allowed: true, tat: next, startsAt }
    : { allowed: false, retryAfterMs: allowedAt - nowMs };
};

/**
 * The two atomic writes that take `cost` tokens from a store that can only compare and add
 * (a DynamoDB conditional update), in this order: `idle` when the bucket is full (`tat` absent
 * or not after now: start now), else `busy` (add to `tat`, if the result stays within
 * capacity). Once `idle` has failed, `tat` is after now and stays so (it never moves back), so
 * `busy` is right; together they allow exactly what `gcra` allows, without reading first.
 */
export const gcraWrites = (nowMs: number, bucket: TokenBucket, cost = 1) => {
  if (cost > bucket.capacity) throw new RangeError('A request may not cost more than the whole bucket');
  const unit = unitMs(bucket);
  return {
    idle: { tatAtMost: nowMs, tat: nowMs + cost * unit },
    busy: { tatAtMost: nowMs + (bucket.capacity - cost) * unit, add: cost * unit },
  } as const;
};

/** `Retry-After` in whole seconds, never 0 (RFC 9110: a delay in seconds; 0 would invite an instant retry). */
export const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
