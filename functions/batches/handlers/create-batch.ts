import { absoluteUrl } from '#commons/http/absolute-url';
import { httpRoute } from '#commons/http/http-route';
import { sqsChunkQueue } from '../adapters/sqs-chunk-queue';
import { batchView } from '../domain/batch';
import { batchBody } from '../http-schemas';
import { createBatch } from '../services/batch-service';
import { dynamoDbBatchStore } from '../store/dynamodb-batch-store';

/** POST /orders/batches: 201 with `Location` and the `pending` batch; items are applied asynchronously. */
export const handler = httpRoute(
  { auth: true, body: batchBody, cache: 'no-store' },
  async ({ caller, body, event }) => {
    const items = body.items.map((item) => ({ id: item.id, sentOn: item.sent_on }));
    const batch = await createBatch(dynamoDbBatchStore, sqsChunkQueue, caller, items, new Date());
    return {
      status: 201,
      headers: { Location: absoluteUrl(event, `/orders/batches/${batch.id}`) },
      body: batchView(batch),
    };
  },
);
