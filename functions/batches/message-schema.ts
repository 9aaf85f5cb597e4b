import * as v from 'valibot';
import { calendarDate } from '#commons/http/calendar-date';

/** What a queue message must hold; a message that does not is poison and goes to the dead-letter queue. */
export const chunkMessage = v.object({
  batchId: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  chunk: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  ownerId: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  admin: v.boolean(),
  items: v.array(v.object({ id: v.pipe(v.number(), v.safeInteger()), sentOn: calendarDate })),
});
