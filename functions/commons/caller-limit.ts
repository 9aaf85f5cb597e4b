import type { LimitScope } from '#functions/contracts/keys/caller-limit-keys';
import { gcra, retryAfterSeconds } from './gcra';
import type { CallerLimitStore, TakeRequest } from './store/caller-limit-store';

/** Why a request was refused, and the whole seconds to wait (`Retry-After`). */
export interface LimitRefusal {
  readonly reason: 'rate' | 'in-progress';
  readonly retryAfterSeconds: number;
  /** The places held when it was refused (the report jobs in progress). */
  readonly holding: readonly string[];
}

export type LimitOutcome =
  | { readonly taken: true; readonly startsAt: number }
  | ({ readonly taken: false } & LimitRefusal);

/**
 * Why a request is refused in the state read after the store refused it, or undefined when that
 * state would allow it (a place was given back or a token came back in between: try again).
 * Over both limits, the longer wait. `placeRetryAfterSeconds` is the wait to advise when every
 * place is held: a place frees when a job ends, which no clock says in advance.
 */
export const refusalIn = (
  state: { readonly tat: number | undefined; readonly holding: readonly string[] },
  request: TakeRequest,
  placeRetryAfterSeconds: number,
): LimitRefusal | undefined => {
  const rate = gcra(state.tat, request.nowMs, request.bucket, request.cost);
  const full = request.hold !== undefined && state.holding.length >= request.hold.max;
  if (rate.allowed && !full) return undefined;
  const rateWait = rate.allowed ? 0 : retryAfterSeconds(rate.retryAfterMs);
  const placeWait = full ? placeRetryAfterSeconds : 0;
  return {
    reason: rateWait >= placeWait ? 'rate' : 'in-progress',
    retryAfterSeconds: Math.max(rateWait, placeWait),
    holding: state.holding,
  };
};

/** Attempts before a refusal stands when the state keeps changing under the request. */
const ATTEMPTS = 3;

/** Takes a caller's tokens (and place) for one request, or says why not and for how long. */
export const takeCallerLimit = async (
  store: CallerLimitStore,
  scope: LimitScope,
  userId: number,
  request: TakeRequest,
  placeRetryAfterSeconds = 1,
): Promise<LimitOutcome> => {
  let refusal: LimitRefusal | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const result = await store.take(scope, userId, request);
    if (result.taken) return result;
    refusal = refusalIn(result, request, placeRetryAfterSeconds);
    if (refusal) return { taken: false, ...refusal };
  }
  return { taken: false, reason: 'rate', retryAfterSeconds: 1, holding: [] };
};
