import type { ApiClient } from './api-client';
import type { Checks } from './checks';
import type { Cleanup } from './cleanup';
import type { SmokeStage } from './smoke-stage';
import type { StageStore } from './stage-store';

/** What every group of checks works with. */
export interface CheckContext {
  readonly api: ApiClient;
  readonly checks: Checks;
  readonly stage: SmokeStage;
  readonly cleanup: Cleanup;
}

/** Who calls the token routes: a token, and the user id when the run made the user. */
export interface Caller {
  readonly token: string;
  readonly userId?: number;
}

/** What a write check needs: a caller, and where to remove what it makes. */
export interface Writer {
  readonly caller: Caller;
  readonly store: StageStore;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
