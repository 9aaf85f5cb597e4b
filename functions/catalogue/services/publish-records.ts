import type { PublishKind, PublishRequest } from '#functions/contracts/publish-workflow-contract';
import type { LockHolder, PublishRecord, PublishStore } from './publish-ports';

/** What the records and messages call a kind of run. */
export const what = (kind: PublishKind) =>
  ({ catalogue: 'publish', stock: 'stock update', upgrade: 'catalogue upgrade', remove: 'removal' })[kind];

/**
 * What a run refused because another holds the lock is told: which run, since when, and when a
 * claim whose command was stopped frees the stage (docs/decisions/catalogue-versions.md D79).
 */
export const busyMessage = (holder: LockHolder, kind: PublishKind) =>
  `Another ${what(holder.kind)} (${holder.publishId}) has been running since ${holder.since}; ` +
  `this ${what(kind)} was not started. Try again when it has finished (npm run catalogue -- status).` +
  (holder.claimed && holder.expiresAt
    ? ` If its command was stopped, the lock is free at ${new Date(holder.expiresAt * 1000).toISOString()}.`
    : '');

/** The record of a run that has just started. */
export const started = (now: Date, request: PublishRequest): PublishRecord => ({
  publishId: request.publishId,
  kind: request.kind,
  status: 'RUNNING',
  startedAt: now.toISOString(),
});

/**
 * A run never ends before it started (docs/decisions/catalogue-versions.md D79): its steps may run on machines whose
 * clocks differ by a little, so an end read before the start is the start.
 */
const notBefore = (startedAt: string, finishedAt: string) =>
  Date.parse(finishedAt) < Date.parse(startedAt) ? startedAt : finishedAt;

/**
 * Writes the run's record again with `change`: what the record says already is kept (when it
 * started, a refusal's line errors), and a record that does not exist yet starts now.
 */
export const updateRecord = async (
  deps: { readonly store: PublishStore; readonly now: () => Date },
  request: PublishRequest,
  change: Partial<PublishRecord>,
): Promise<PublishRecord> => {
  const record: PublishRecord = {
    ...started(deps.now(), request),
    ...(await deps.store.record(request.publishId)),
    ...change,
  };
  const { startedAt, finishedAt } = record;
  const kept = finishedAt ? { ...record, finishedAt: notBefore(startedAt, finishedAt) } : record;
  await deps.store.putRecord(kept);
  return kept;
};
