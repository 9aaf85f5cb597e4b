import * as v from 'valibot';

/** A real calendar day as `YYYY-MM-DD`: `2025-02-30` is not one. */
export const calendarDate = v.pipe(
  v.string(),
  v.length(10),
  v.regex(/^\d{4}-\d{2}-\d{2}$/),
  v.check((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }),
);
