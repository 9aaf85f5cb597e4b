import type { TableAccess } from '#commons/table-access';
import { batchCounterKey } from '#functions/contracts/keys/batch-keys';
import type { BatchStore } from './batch-store';

const BATCHES = ['BATCH#*'];

/**
 * What each operation of the batch store (dynamodb-batch-store.ts) does to the table
 * (docs/decisions/functions-and-bundles.md D53). The batch id counter's key is `COUNTER` exactly (a pattern may be a
 * whole key): it is kept as it is, since a new key would start ids again at 1 on a stage that
 * already has batches.
 */
export const batchStoreAccess = {
  nextBatchId: [{ actions: ['dynamodb:UpdateItem'], leadingKeys: [batchCounterKey.pk] }],
  createBatch: [{ actions: ['dynamodb:PutItem'], leadingKeys: BATCHES }],
  getBatch: [{ actions: ['dynamodb:GetItem'], leadingKeys: BATCHES }],
  recordChunk: [{ actions: ['dynamodb:UpdateItem'], leadingKeys: BATCHES }],
  setOrderSentOn: [{ actions: ['dynamodb:UpdateItem'], leadingKeys: ['ORDER#*'] }],
} as const satisfies Record<keyof BatchStore, TableAccess>;
