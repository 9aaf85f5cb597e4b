import * as z from 'zod/mini';
import { calendarDate } from '#commons/http/calendar-date';
import { freeText } from '#commons/http/free-text';
import { MAX_CALLBACK_URL_LENGTH } from './domain/callback-url';

/** The spec's report request: two real dates and, for the callback mode, a URL (checked further by docs/design.md D6's rules). */
export const reportRequestBody = z.strictObject({
  start_date: calendarDate,
  end_date: calendarDate,
  // Stored as sent and called later: nothing invisible or controlling (docs/design.md D62), which
  // a URL parser would drop or encode behind the client's back, and no lone surrogate.
  callback_url: z.optional(freeText(MAX_CALLBACK_URL_LENGTH)),
});

/** A report id is a UUID; anything else names no report (404). Lower case, as the service makes them. */
export const reportPath = z.strictObject({
  report_id: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)),
});
