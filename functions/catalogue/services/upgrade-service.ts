import { VERSION_PREFIX } from '#functions/contracts/keys/import-object-keys';
import {
  type PublishRequest,
  type UpgradeExecution,
  type UpgradeNext,
  upgradeId,
} from '#functions/contracts/publish-workflow-contract';
import { catalogueLines } from '../domain/catalogue-file';
import { CATALOGUE_LAYOUT, layoutOf, upgradeNeeded } from '../domain/catalogue-layout';
import type { ActiveRecord, PublishDeps } from './publish-ports';
import { updateRecord, what } from './publish-records';
import { catalogueOfVersion } from './version-contents';

/**
 * The upgrade (docs/decisions/catalogue-versions.md D73): after a deploy whose code writes a newer layout than the
 * active version's, the publish workflow plans that version again from its own files, exactly as
 * a publish plans an uploaded file, and switches to the new version like a publish.
 */

/** The upgrade's request: its id comes from its execution, and what it reads is the version plans. */
export const nameUpgrade = (execution: UpgradeExecution): PublishRequest => ({
  publishId: upgradeId(execution),
  kind: 'upgrade',
  key: VERSION_PREFIX,
});

/**
 * Looks at the active version, then takes the publish lock: 'done' when there is nothing to
 * upgrade (nothing published, or the layout is this code's: recorded as such, and the lock is
 * not even asked for), 'wait' while a publish or stock update holds the lock (the workflow asks
 * again a little later: an upgrade is never refused), 'plan' with the lock taken. The active
 * version is looked at again under the lock: a publish that ran meanwhile wrote this layout.
 */
export async function lockForUpgrade(
  deps: PublishDeps,
  request: PublishRequest,
): Promise<{ next: UpgradeNext }> {
  const nothingToDo = async (active: ActiveRecord | undefined) => {
    const known = await deps.store.record(request.publishId);
    // An execution started again after its upgrade went through keeps the upgrade's record.
    if (known && known.status !== 'RUNNING') return { next: 'done' as const };
    const at = deps.now().toISOString();
    await updateRecord(deps, request, {
      ...(known ? {} : { startedAt: at }),
      status: 'SUCCEEDED',
      finishedAt: at,
      message: active
        ? `Nothing to upgrade: the active version ${active.version} is in layout ${layoutOf(active)}, this code's.`
        : 'Nothing to upgrade: nothing has been published to this stage yet.',
    });
    return { next: 'done' as const };
  };
  const seen = await deps.store.active();
  if (!upgradeNeeded(seen)) return nothingToDo(seen);
  const holder = await deps.store.acquireLock(request.publishId, request.kind, deps.now());
  if (holder && holder.publishId !== request.publishId) {
    await updateRecord(deps, request, {
      message: `Waiting for the ${what(holder.kind)} ${holder.publishId}, running since ${holder.since}.`,
    });
    return { next: 'wait' };
  }
  const active = await deps.store.active();
  if (!active || !upgradeNeeded(active)) {
    const next = await nothingToDo(active);
    await deps.store.releaseLock(request.publishId);
    return next;
  }
  const from = { version: active.version, layout: layoutOf(active) };
  await updateRecord(deps, request, {
    upgradedFrom: from,
    message: `Planning the active version ${from.version} (layout ${from.layout}) again in layout ${CATALOGUE_LAYOUT}.`,
  });
  return { next: 'plan' };
}

/**
 * The catalogue file the active version was made from, read back from its own files (layout 4:
 * its catalogue copy; older: its plan files; then each stock update's file, whose stock levels
 * replace the earlier ones): what an upgrade plans, exactly as a publish plans an upload.
 * Never an upload, never the table.
 */
export async function activeVersionFile(deps: PublishDeps): Promise<string> {
  const active = await deps.store.active();
  const record = active && (await deps.store.version(active.version));
  if (!active || !record) throw new Error('There is no active catalogue version to upgrade');
  // The ACTIVE record's layout is the one readers go by (a fixture may give the record none).
  const catalogue = await catalogueOfVersion(deps, { ...record, layout: layoutOf(active) });
  if (!catalogue) throw new Error(`The plan files of version ${active.version} hold no reference data`);
  return `${catalogueLines(catalogue).join('\n')}\n`;
}
