import * as v from 'valibot';
import { errorResponse, uuidResponse } from '#commons/http/error-response-schemas';

/** The report status resource (docs/decisions/report-export.md D5): IN_PROGRESS, COMPLETED (with the 303), or FAILED with an error. */
export const reportStatusResponse = v.object({
  id: uuidResponse,
  status: v.picklist(['IN_PROGRESS', 'COMPLETED', 'FAILED']),
  error: v.optional(errorResponse),
});
