import * as v from 'valibot';
import { documented } from './documented';
import { LOWER_CASE_UUID } from './ids';

/** docs/decisions/http-requests.md D1: every error body. `code` is snake_case; `message` a general sentence. */
export const errorResponse = v.object({
  code: v.pipe(v.string(), v.maxLength(64), v.regex(/^[a-z][a-z0-9_]*$/)),
  message: v.string(),
});

/** An integer of JSON (a safe integer: JavaScript holds it exactly, and so does an int64). */
export const integerResponse = v.pipe(v.number(), v.safeInteger(), v.metadata({ format: 'int64' }));

/** A UUID the service made (lower case), as report and webhook secret ids are. */
export const uuidResponse = v.pipe(v.string(), v.length(36), v.uuid(), v.regex(LOWER_CASE_UUID));

/** A price (`value` in `currency`, ISO 4217), as docs/decisions/money.md D103 and D104 make it. */
export const moneyResponse = documented(
  v.object({
    value: v.number(),
    currency: v.pipe(v.string(), v.length(3), v.regex(/^[A-Z]{3}$/)),
  }),
  '`value` is in units of `currency` (an ISO 4217 code), with at most the decimals of its ISO 4217 ' +
    'minor unit: 2 for EUR (`19.99`), 0 for JPY (`5036`), 3 for KWD (`1.235`); trailing zeros are not ' +
    'written. A price converted from another currency goes through the base currency at the exact ' +
    'exchange rates and is rounded once to that minor unit, half away from zero.',
  { value: 19.99, currency: 'EUR' },
);

/** The spec's `YYYY-MM-DD HH:MM:SS` (UTC). */
export const spaceDateTime = v.pipe(
  v.string(),
  v.length(19),
  v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
);
