/**
 * Every per-caller limit and the status route's throttle, as plain numbers (docs/decisions/limits-and-throttles.md D25,
 * D26, D59; docs/decisions/report-export.md D56; docs/decisions/order-batches.md D57, D58): the functions enforce them, the stack's API is built with the throttle, and
 * the sandbox runs the same functions, so it holds the same numbers as a deployed stage. The
 * limit table of docs/operations.md and docs/api.md quote them. No imports on purpose.
 *
 * A rate is a token bucket (`capacity` tokens, refilled evenly over `refillSeconds`), kept per
 * caller as GCRA (functions/commons/gcra.ts): a request takes its cost in tokens at once or is
 * refused with the exact time until it could.
 */

/** A token bucket: at most `capacity` at once, then `capacity` per `refillSeconds`. */
export interface TokenBucket {
  readonly capacity: number;
  readonly refillSeconds: number;
}

/**
 * `GET /orders/reports/status/{id}` (D25): 10 at once, then one a second. A client that polls
 * as `Retry-After` says (every 2 s) uses half the refill, so two reports polled at once fit.
 */
export const STATUS_POLLS: TokenBucket = { capacity: 10, refillSeconds: 10 };

/**
 * API Gateway's own throttle on the status route, all callers together (D26): a safety net far
 * above legitimate polling (a poll every 2 s per report in progress: 500/s is 1,000 reports
 * being polled at once), so one client's flood meets its own per-caller limit long before it.
 */
export const STATUS_ROUTE_THROTTLE = { rateLimit: 500, burstLimit: 1000 } as const;

/**
 * `POST /orders/reports` (D56): at most `inProgress` of a caller's reports being made at once,
 * and `perHour` requests accepted an hour (a bucket of 30, one back every 2 minutes).
 */
export const REPORT_LIMITS = {
  inProgress: 3,
  perHour: { capacity: 30, refillSeconds: 3_600 } satisfies TokenBucket,
  /** A job still IN_PROGRESS this long after it was asked for has lost its execution: it holds no place. */
  staleAfterSeconds: 3_600,
} as const;

/**
 * `POST /orders/batches` (D57, D58): a caller's items start at `itemsPerSecond` once more than
 * `unpacedItems` are waiting, and at most `itemsInProgress` may wait (20,000 = 80 s at that pace).
 */
export const BATCH_LIMITS = {
  itemsPerSecond: 250,
  itemsInProgress: 20_000,
  unpacedItems: 1_000,
} as const;

/** The batch items' bucket: `itemsInProgress` tokens, refilled at `itemsPerSecond`. */
export const BATCH_ITEMS: TokenBucket = {
  capacity: BATCH_LIMITS.itemsInProgress,
  refillSeconds: BATCH_LIMITS.itemsInProgress / BATCH_LIMITS.itemsPerSecond,
};
