import type { PublishKind, PublishRequest } from '../domain/catalogue-publishing';
import type { PublishRecord, PublishStore } from './publish-ports';

/** What the records and messages call a kind of run. */
export const what = (kind: PublishKind) =>
  ({ catalogue: 'publish', stock: 'stock update', upgrade: 'catalogue upgrade', remove: 'removal' })[kind];

/** The record of a run that has just started. */
export const started = (now: Date, request: PublishRequest): PublishRecord => ({
  publishId: request.publishId,
  kind: request.kind,
  status: 'RUNNING',
  startedAt: now.toISOString(),
});

/**
 * Writes the run's record again with `change`: what the record says already is kept (when it
 * started, a refusal's line errors), and a record that does not exist yet starts now.
 */
export const updateRecord = async (
  deps: { readonly store: PublishStore; readonly now: () => Date },
  request: PublishRequest,
  change: Partial<PublishRecord>,
): Promise<PublishRecord> => {
  const record = {
    ...started(deps.now(), request),
    ...(await deps.store.record(request.publishId)),
    ...change,
  };
  await deps.store.putRecord(record);
  return record;
};
