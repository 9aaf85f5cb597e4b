/**
 * The status endpoint's rate limit (spec: Limits; docs/design.md D5). Per caller: at most `maxRequests` in a
 * fixed window of `windowSeconds`; past it, 429 with `Retry-After` = the seconds left in the
 * window. The sandbox runs the same function, so it enforces the same numbers as the stack.
 * A client that follows `Retry-After` (POLL_AFTER_SECONDS) uses 5 of the 10.
 */
export const STATUS_RATE_LIMIT = { windowSeconds: 10, maxRequests: 10 } as const;

/** The scope of the status route's counters (`RATE#report-status#<caller>`), which its grant names. */
export const STATUS_RATE_SCOPE = 'report-status';

/**
 * API Gateway's method throttling on the status route, for all callers together: a ceiling in
 * front of the per-caller limit, so a flood never reaches the function at all.
 */
export const STATUS_METHOD_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

export interface RateWindow {
  /** Epoch seconds at which the window starts; the counter's key. */
  readonly start: number;
  /** Epoch seconds at which it ends. */
  readonly end: number;
}

export const windowAt = (nowMs: number, windowSeconds = STATUS_RATE_LIMIT.windowSeconds): RateWindow => {
  const now = Math.floor(nowMs / 1000);
  const start = now - (now % windowSeconds);
  return { start, end: start + windowSeconds };
};

/** Whether the `count`-th request of a window is over the limit, and if so how long to wait. */
export const overLimit = (
  count: number,
  window: RateWindow,
  nowMs: number,
  maxRequests = STATUS_RATE_LIMIT.maxRequests,
): { retryAfterSeconds: number } | undefined =>
  count > maxRequests ? { retryAfterSeconds: Math.max(1, window.end - Math.floor(nowMs / 1000)) } : undefined;
