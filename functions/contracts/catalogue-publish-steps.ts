/**
 * What the sandbox and the catalogue CLI run of the catalogue publishing workflow outside its state
 * machine (local/catalogue/): taking, claiming, renewing and releasing the publish lock, the publish
 * record's wording, the layout version that decides whether the stored catalogue needs an
 * upgrade, and which reads wait for it.
 */
export {
  CATALOGUE_LAYOUT,
  layoutOf,
  READER_LAYOUTS,
  upgradeNeeded,
} from '#functions/catalogue/domain/catalogue-layout';
export { claimExpiry, claimLock } from '#functions/catalogue/domain/publish-lock';
export type { LockHolder, PublishRecord } from '#functions/catalogue/services/publish-ports';
export { busyMessage, what } from '#functions/catalogue/services/publish-records';
export { releaseLock, renewClaim, takeLock } from '#functions/catalogue/store/publish-lock-item';
