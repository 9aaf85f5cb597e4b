import * as v from 'valibot';
import { calendarDate } from '#commons/http/calendar-date';
import { freeText } from '#commons/http/free-text';
import { uuidPathId } from '#commons/http/ids';
import { strictObject } from '#commons/http/strict-object';
import { MAX_CALLBACK_URL_LENGTH } from './domain/callback-url-length';

/** The spec's report request: two real dates and, for the callback mode, a URL (checked further by docs/decisions/report-export.md D6's rules). */
export const reportRequestBody = strictObject({
  start_date: calendarDate,
  end_date: calendarDate,
  // Stored as sent and called later: nothing invisible or controlling (docs/decisions/http-requests.md D62), which
  // a URL parser would drop or encode behind the client's back, and no lone surrogate.
  callback_url: v.optional(freeText(MAX_CALLBACK_URL_LENGTH)),
});

/** A report id is a UUID; anything else names no report (404). Lower case, as the service makes them. */
export const reportPath = strictObject({ report_id: uuidPathId() });
