import * as v from 'valibot';
import { calendarDate } from '#commons/http/calendar-date';
import { numericPathId } from '#commons/http/ids';
import { strictObject } from '#commons/http/strict-object';
import { idsAreDistinct, MAX_BATCH_ITEMS, sentOnYearAllowed } from './domain/batch';

/**
 * docs/decisions/order-batches.md D4: 1 to 1,000 items, each exactly an integer order id and a date; D66: each
 * order once, and a `sent_on` from 2000 to next year. Anything else is a 400.
 */
export const batchBody = strictObject({
  items: v.pipe(
    v.array(
      strictObject({
        id: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.metadata({ format: 'int64' })),
        sent_on: v.pipe(
          calendarDate,
          v.check((sentOn) => sentOnYearAllowed(sentOn, new Date())),
        ),
      }),
    ),
    v.minLength(1),
    v.maxLength(MAX_BATCH_ITEMS),
    v.check((items) => idsAreDistinct(items)),
  ),
});

export const batchPath = strictObject({ batch_id: numericPathId(15) });
