import { logger } from '#commons/logger';
import { countMetric } from '#commons/metrics';
import { METRIC_NAMES } from '#functions/contracts/metric-names';
import {
  type PublishRequest,
  REMOVE_PER_TASK,
  type RemovalCursor,
  type RemovalProgress,
} from '#functions/contracts/publish-workflow-contract';
import { versionLanguages } from '../domain/catalogue-layout';
import type { PublishDeps, VersionRecord } from './publish-ports';
import { updateRecord } from './publish-records';
import { eachVersionFile, liveManifest, manifestKeys, sharesItems } from './version-contents';

/**
 * Removing a version (docs/decisions/catalogue-versions.md D48): the previous one after a publish's grace period, a
 * failed one at once, or one a failed removal left behind, when an operator asks
 * (`npm run catalogue -- remove VERSION`). A removal that fails after its retries is counted,
 * for the removal alarm (D73), and said in the record of the run that asked for it.
 */

/**
 * Every key a layout 4 version ever had (its manifest's and its files'), in a stable order, each
 * as `<pk>|<sk>`: what its removal walks, whatever the other versions do meanwhile.
 */
async function keysOfVersion(deps: PublishDeps, record: VersionRecord): Promise<string[]> {
  const keys = new Set<string>();
  const manifest = await deps.files.readManifest(record.version);
  if (manifest) for (const key of manifestKeys(manifest)) keys.add(key);
  const files = Array.from({ length: record.files }, (_, i) => i + 1);
  await eachVersionFile(deps, record.version, files, (items) => {
    for (const { pk, sk } of items) keys.add(`${pk}|${sk}`);
  });
  return [...keys].sort();
}

/** The shared items every other recorded version reads now (docs/decisions/catalogue-versions.md D90). */
async function liveElsewhere(deps: PublishDeps, version: string): Promise<Set<string>> {
  const live = new Set<string>();
  for (const record of await deps.store.versions()) {
    if (record.version === version) continue;
    const manifest = await liveManifest(deps, record);
    if (manifest) for (const key of manifestKeys(manifest)) live.add(key);
  }
  return live;
}

const keyOf = (id: string) => {
  const bar = id.indexOf('|');
  return { pk: id.slice(0, bar), sk: id.slice(bar + 1) };
};

/**
 * Removal by reference (layout 4, docs/decisions/catalogue-versions.md D90): of every key the version ever had,
 * those no other recorded version reads, REMOVE_PER_TASK keys a call from the cursor's place.
 * The other versions are read again at each call: one planned meanwhile reads only what the
 * active version reads, which is never removed.
 */
async function removeByReference(
  deps: PublishDeps,
  record: VersionRecord,
  cursor: RemovalCursor,
): Promise<RemovalProgress> {
  const { version } = record;
  const keys = await keysOfVersion(deps, record);
  const live = await liveElsewhere(deps, version);
  const from = cursor.item;
  const to = Math.min(keys.length, from + REMOVE_PER_TASK);
  const gone = keys.slice(from, to).filter((key) => !live.has(key));
  await deps.store.deleteItems(gone.map(keyOf));
  if (to < keys.length) return { version, more: true, cursor: { file: 0, item: to }, removed: gone.length };
  await deps.files.deleteVersionFiles(version, record.files, versionLanguages(record));
  await deps.store.deleteVersion(version);
  return { version, more: false, cursor: { file: 0, item: to }, removed: gone.length };
}

/**
 * Deletes a version's items, at most REMOVE_PER_TASK a call: a layout 4 version's by reference,
 * an older one's file after file. The active version is never removed, whatever the caller asks.
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
  if (sharesItems(record)) return removeByReference(deps, record, input.cursor ?? { file: 0, item: 0 });
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
  await deps.files.deleteVersionFiles(input.version, record.files, versionLanguages(record));
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
