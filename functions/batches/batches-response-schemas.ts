import * as v from 'valibot';
import { integerResponse, spaceDateTime } from '#commons/http/error-response-schemas';
import { MAX_BATCH_ITEMS } from './domain/batch';

/** The spec's Batch resource (docs/decisions/order-batches.md D4: `pending` → `processing` → `completed`). */
export const batchResponse = v.object({
  id: integerResponse,
  status: v.picklist(['pending', 'processing', 'completed']),
  count: v.nullable(integerResponse),
  // One error at most per item (domain/batch.ts batchError), each the path of its order.
  errors: v.nullable(
    v.pipe(
      v.array(
        v.object({
          id: integerResponse,
          url: v.pipe(v.string(), v.maxLength(24), v.regex(/^\/orders\/[1-9][0-9]*$/)),
        }),
      ),
      v.maxLength(MAX_BATCH_ITEMS),
    ),
  ),
  created_at: spaceDateTime,
  updated_at: spaceDateTime,
});
