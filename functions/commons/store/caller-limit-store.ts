import type { TokenBucket } from '../caller-limits';

/**
 * Per-caller limits in the table (docs/design.md D25, D56–D58): one item per caller and scope,
 * `LIMIT#<scope>#<user id>` / `LIMIT`, holding the caller's GCRA `tat` (functions/commons/gcra.ts)
 * and, for the scopes that count work in progress, the ids of what is in progress. The functions
 * that take or release a place read and write items under this prefix only.
 */
export const CALLER_LIMIT_KEY_PREFIX = 'LIMIT#';

/** What is limited: the report status polls, report jobs, batch items. */
export type LimitScope = 'report-status' | 'reports' | 'batches';

export const callerLimitKey = (scope: LimitScope, userId: number) => ({
  pk: `${CALLER_LIMIT_KEY_PREFIX}${scope}#${userId}`,
  sk: 'LIMIT',
});

export interface TakeRequest {
  readonly bucket: TokenBucket;
  /** Tokens this request takes (1 a call; a batch, one per item). */
  readonly cost: number;
  readonly nowMs: number;
  /** Also take a place among at most `max` held at once, named `id` (a report job in progress). */
  readonly hold?: { readonly id: string; readonly max: number };
}

export type TakeResult =
  | { readonly taken: true; readonly startsAt: number }
  /** Refused, with the state as read just after: the caller's `tat` and the places held. */
  | { readonly taken: false; readonly tat: number | undefined; readonly holding: readonly string[] };

/** The per-caller limits port: every change is one atomic conditional write. */
export interface CallerLimitStore {
  /** Takes `cost` tokens (and a place, when asked) at once, or nothing. */
  take(scope: LimitScope, userId: number, request: TakeRequest): Promise<TakeResult>;
  /** Gives place `id` back; giving back a place not held changes nothing. */
  release(scope: LimitScope, userId: number, id: string): Promise<void>;
}
