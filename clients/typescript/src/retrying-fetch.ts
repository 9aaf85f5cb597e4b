/**
 * What every call of the client does around fetch: a timeout over the whole call, and a bounded
 * number of retries of the answers that say the API did nothing (429, 503), each after the wait
 * its `Retry-After` asks (docs/api.md, "Errors"; docs/decisions/api-contract.md D94).
 */
import { retryAfterSeconds } from './api-error.ts';
import { pause } from './waiting.ts';

/** How the client sends a call again after a 429 or a 503. */
export interface RetryOptions {
  /** How many times a call is sent again (2 by default: 3 sends at most). */
  readonly retries?: number;
  /**
   * The longest wait the client takes by itself, in seconds (10 by default): an answer that asks
   * for longer (a report limit's 2 minutes) is given to the caller as it came, `Retry-After` and all.
   */
  readonly maxWaitSeconds?: number;
}

/**
 * A 429 (a limit or a throttle) and a 503 (the catalogue being brought up to date) are answered
 * before anything is done, so sending the same request again is safe whatever its method.
 */
const RETRIED = new Set([429, 503]);

/** `send`, with the timeout and the retries of `createCommerceClient`'s options. */
export function retryingFetch(
  send: (request: Request) => Promise<Response>,
  { timeoutMs, retry }: { readonly timeoutMs: number | false; readonly retry: RetryOptions | false },
): (request: Request) => Promise<Response> {
  const { retries = 2, maxWaitSeconds = 10 } = retry === false ? { retries: 0 } : retry;
  return async (request) => {
    const deadline = timeoutMs === false ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
    const signal =
      timeoutMs === false
        ? request.signal
        : AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
    for (let attempt = 0; ; attempt++) {
      // A copy each time: a request's body can be sent once.
      const response = await send(new Request(request.clone(), { signal }));
      if (!RETRIED.has(response.status) || attempt >= retries) return response;
      // Without Retry-After: 1 s, then 2, then 4 …
      const wait = retryAfterSeconds(response) ?? 2 ** attempt;
      if (wait > maxWaitSeconds || Date.now() + wait * 1000 > deadline) return response;
      await response.body?.cancel();
      await pause(wait * 1000, signal);
    }
  };
}
