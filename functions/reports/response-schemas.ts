import * as z from 'zod/mini';
import { errorResponse } from '#commons/http/response-schemas';

/** The report status resource (docs/design.md D5): IN_PROGRESS, COMPLETED (with the 303), or FAILED with an error. */
export const reportStatusResponse = z.object({
  id: z.string().check(z.uuid()),
  status: z.enum(['IN_PROGRESS', 'COMPLETED', 'FAILED']),
  error: z.optional(errorResponse),
});
