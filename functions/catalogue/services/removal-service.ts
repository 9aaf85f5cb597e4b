import { logger } from '#commons/logger';
import { countMetric } from '#commons/metrics';
import { METRIC_NAMES } from '#functions/contracts/metric-names';
import {
  type PublishRequest,
  REMOVE_PER_TASK,
  type RemovalCursor,
  type RemovalProgress,
} from '#functions/contracts/publish-workflow-contract';
import type { PublishDeps } from './publish-ports';
import { updateRecord } from './publish-records';

/**
 * Removing a version (docs/decisions/catalogue-versions.md D48): the previous one after a publish's grace period, a
 * failed one at once, or one a failed removal left behind, when an operator asks
 * (`npm run catalogue -- remove VERSION`). A removal that fails after its retries is counted,
 * for the removal alarm (D73), and said in the record of the run that asked for it.
 */

/**
 * Deletes a version's items, file after file, at most REMOVE_PER_TASK items a call. The active
 * version is never removed, whatever the caller asks.
 */
export async function removeVersion(
  deps: PublishDeps,
  input: { version: string; cursor?: RemovalCursor },
): Promise<RemovalProgress> {
  const cursor = input.cursor ?? { file: 1, item: 0 };
  const { version } = input;
  const record = await deps.store.version(version);
  const done = { version, more: false, cursor, removed: 0 };
  if (!record || (await deps.store.active())?.version === input.version) return done;
  let removed = 0;
  let { file, item } = cursor;
  while (file <= record.files) {
    const items = await deps.files.readVersionFile(input.version, file);
    const slice = items.slice(item, item + (REMOVE_PER_TASK - removed));
    await deps.store.deleteItems(slice);
    removed += slice.length;
    item += slice.length;
    if (item >= items.length) {
      file += 1;
      item = 0;
    }
    if (removed >= REMOVE_PER_TASK && file <= record.files)
      return { version, more: true, cursor: { file, item }, removed };
  }
  await deps.files.deleteVersionFiles(input.version, record.files);
  await deps.store.deleteVersion(input.version);
  return { version, more: false, cursor: { file, item }, removed };
}

/**
 * A removal failed after its retries: counted first (the removal alarm), whatever happens next.
 * The version's items and plan files stay, unseen by readers; the run's lock is released (an
 * operator's removal holds it; a publish released it at its switch, a failed one in its failure
 * step), and an operator's removal is recorded as failed.
 */
export async function recordRemovalFailure(
  deps: PublishDeps,
  input: PublishRequest & { version: string; error: string },
) {
  countMetric(METRIC_NAMES.catalogueRemovalsFailed);
  // The line the runbook's query finds: which version stays, and why.
  logger.error('catalogue version not removed', { version: input.version, error: input.error });
  if (input.kind === 'remove') {
    await updateRecord(deps, input, {
      status: 'FAILED',
      finishedAt: deps.now().toISOString(),
      version: input.version,
      error: input.error,
      message: `The removal of version ${input.version} failed (${input.error}); what is left of it stays until removed.`,
    });
  }
  await deps.store.releaseLock(input.publishId);
  return { version: input.version };
}

/** An operator's removal is done: recorded, and the lock released. The active version is never removed. */
export async function recordRemoval(deps: PublishDeps, input: PublishRequest & { removal: RemovalProgress }) {
  const { version } = input.removal;
  const active = (await deps.store.active())?.version === version;
  await updateRecord(deps, input, {
    status: active ? 'FAILED' : 'SUCCEEDED',
    finishedAt: deps.now().toISOString(),
    version,
    ...(active
      ? {
          error: 'CatalogueVersionActive',
          message: `Version ${version} is the active one: it is never removed.`,
        }
      : { message: `Version ${version} is removed.` }),
  });
  await deps.store.releaseLock(input.publishId);
  return { version, removed: !active };
}
