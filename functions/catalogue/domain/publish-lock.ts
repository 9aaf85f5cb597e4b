/**
 * The stage's one publish lock (`CATALOGUE/LOCK`, docs/decisions/catalogue-versions.md D48, D79): who may take it and
 * what the lock item holds. A command claims it before it uploads its file, for a short time it
 * renews; the workflow of the same publish id takes the claim over for the run's whole time.
 */
import { PUBLISH_TIMING, type PublishKind } from '#functions/contracts/publish-workflow-contract';

export interface PublishLock {
  readonly publishId: string;
  readonly kind: PublishKind;
  /** When its holder took it. */
  readonly since: string;
  /** Epoch seconds: past this, the lock is free to take (its holder died without releasing it). */
  readonly expiresAt: number;
  /** A command's claim, before its workflow has taken the lock over (D79). */
  readonly claimed?: true;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * Whether `publishId` may take the lock as it stands at `now`: it is free, past its time, or
 * already this publish's (its command's claim, or a step run again).
 */
export const mayTakeLock = (
  lock: Pick<PublishLock, 'publishId' | 'expiresAt'> | undefined,
  publishId: string,
  now: Date,
): boolean => !lock || lock.expiresAt < seconds(now) || lock.publishId === publishId;

/** The lock a workflow's run holds: until it releases it, at most the workflow's own time limit. */
export const runLock = (publishId: string, kind: PublishKind, now: Date): PublishLock => ({
  publishId,
  kind,
  since: now.toISOString(),
  expiresAt: seconds(now) + PUBLISH_TIMING.lockSeconds,
});

/** A command's claim, before it uploads: short, renewed while the command lives (claimExpiry). */
export const claimLock = (publishId: string, kind: PublishKind, now: Date): PublishLock => ({
  ...runLock(publishId, kind, now),
  expiresAt: claimExpiry(now),
  claimed: true,
});

/** Until when a claim renewed at `now` holds. */
export const claimExpiry = (now: Date) => seconds(now) + PUBLISH_TIMING.claimSeconds;
