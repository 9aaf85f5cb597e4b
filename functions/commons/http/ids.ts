import * as v from 'valibot';

/**
 * Ids as the routes take them in a path (a value that fails names no resource: 404): decimal
 * digits without a leading zero, at most `digits` of them, as a number.
 */
export const numericPathId = (digits: number) =>
  v.pipe(
    v.string(),
    v.maxLength(digits),
    v.regex(new RegExp(`^[1-9][0-9]{0,${digits - 1}}$`)),
    v.transform(Number),
  );

/** A UUID in lower case, as the service makes them (report and webhook secret ids). */
export const LOWER_CASE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const uuidPathId = () => v.pipe(v.string(), v.length(36), v.regex(LOWER_CASE_UUID));
