import * as z from 'zod/mini';
import { spaceDateTime } from '#commons/http/response-schemas';

/** The spec's Batch resource (docs/design.md D4: `pending` → `processing` → `completed`). */
export const batchResponse = z.object({
  id: z.number().check(z.int()),
  status: z.enum(['pending', 'processing', 'completed']),
  count: z.nullable(z.number().check(z.int())),
  errors: z.nullable(z.array(z.object({ id: z.number().check(z.int()), url: z.string() }))),
  created_at: spaceDateTime,
  updated_at: spaceDateTime,
});
