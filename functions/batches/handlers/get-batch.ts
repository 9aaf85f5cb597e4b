import { mayActFor } from '#commons/caller';
import { notFound } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { batchPath } from '../batches-http-schemas';
import { batchView } from '../domain/batch';
import { dynamoDbBatchStore } from '../store/dynamodb-batch-store';

/** GET /orders/batches/{batch_id}: its creator and administrators see it; others get the unknown-batch 404. */
export const handler = httpRoute(
  { auth: true, path: batchPath, cache: 'no-store' },
  async ({ caller, path }) => {
    const batch = await dynamoDbBatchStore.getBatch(path.batch_id);
    if (!batch || !mayActFor(caller, batch.ownerId)) throw notFound();
    return { body: batchView(batch) };
  },
);
