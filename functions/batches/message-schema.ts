import * as z from 'zod/mini';
import { calendarDate } from '#commons/http/calendar-date';

/** What a queue message must hold; a message that does not is poison and goes to the dead-letter queue. */
export const chunkMessage = z.object({
  batchId: z.number().check(z.int(), z.minimum(1)),
  chunk: z.number().check(z.int(), z.minimum(0)),
  ownerId: z.number().check(z.int(), z.minimum(1)),
  admin: z.boolean(),
  items: z.array(z.object({ id: z.number().check(z.int()), sentOn: calendarDate })),
});
