import { absoluteUrl } from '#commons/http/absolute-url';
import { tooManyRequests } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { dynamoDbCallerLimitStore } from '#commons/store/dynamodb-caller-limit-store';
import { sqsChunkQueue } from '../adapters/sqs-chunk-queue';
import { batchBody } from '../batches-http-schemas';
import { batchView } from '../domain/batch';
import { BatchRequestLimited, createBatch } from '../services/batch-request-service';
import { dynamoDbBatchStore } from '../store/dynamodb-batch-store';

const deps = { store: dynamoDbBatchStore, queue: sqsChunkQueue, limits: dynamoDbCallerLimitStore };

/**
 * POST /orders/batches: 201 with `Location` and the `pending` batch; items are applied
 * asynchronously. 429 with `Retry-After` over the caller's items in progress (docs/decisions/order-batches.md D58).
 */
export const handler = httpRoute(
  { auth: true, body: batchBody, cache: 'no-store' },
  async ({ caller, body, event }) => {
    const items = body.items.map((item) => ({ id: item.id, sentOn: item.sent_on }));
    let batch: Awaited<ReturnType<typeof createBatch>>;
    try {
      batch = await createBatch(deps, caller, items, new Date());
    } catch (error) {
      if (error instanceof BatchRequestLimited) throw tooManyRequests(error.retryAfterSeconds);
      throw error;
    }
    return {
      status: 201,
      headers: { Location: absoluteUrl(event, `/orders/batches/${batch.id}`) },
      body: batchView(batch),
    };
  },
);
