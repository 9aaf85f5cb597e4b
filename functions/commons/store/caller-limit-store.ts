/** The store of the per-caller limit items (their key: functions/contracts/keys/caller-limit-keys.ts). */
import type { TokenBucket } from '#functions/contracts/caller-limits';
import type { LimitScope } from '#functions/contracts/keys/caller-limit-keys';

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
