import * as v from 'valibot';
import { integerResponse, spaceDateTime } from '#commons/http/error-response-schemas';

/** The spec's Batch resource (docs/decisions/order-batches.md D4: `pending` → `processing` → `completed`). */
export const batchResponse = v.object({
  id: integerResponse,
  status: v.picklist(['pending', 'processing', 'completed']),
  count: v.nullable(integerResponse),
  errors: v.nullable(v.array(v.object({ id: integerResponse, url: v.string() }))),
  created_at: spaceDateTime,
  updated_at: spaceDateTime,
});
