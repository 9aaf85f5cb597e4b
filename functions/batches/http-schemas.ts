import * as z from 'zod/mini';
import { calendarDate } from '#commons/http/calendar-date';
import { idsAreDistinct, MAX_BATCH_ITEMS, sentOnYearAllowed } from './domain/batch';

/**
 * docs/design.md D4: 1 to 1,000 items, each exactly an integer order id and a date; D66: each
 * order once, and a `sent_on` from 2000 to next year. Anything else is a 400.
 */
export const batchBody = z.strictObject({
  items: z
    .array(
      z.strictObject({
        id: z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
        sent_on: calendarDate.check(z.refine((sentOn) => sentOnYearAllowed(sentOn, new Date()))),
      }),
    )
    .check(z.minLength(1), z.maxLength(MAX_BATCH_ITEMS), z.refine(idsAreDistinct)),
});

export const batchPath = z.strictObject({
  batch_id: z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,14}$/)), z.transform(Number)),
});
