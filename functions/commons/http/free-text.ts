import * as v from 'valibot';

/**
 * What free text a client sends may not hold (docs/decisions/http-requests.md D45, D62): control characters (Cc);
 * lone surrogates (Cs: a JSON `"\ud800"`, which is not Unicode text and which UTF-8 storage cannot
 * keep as it was sent); format characters (Cf: zero-width spaces and joiners, bidirectional
 * overrides such as U+202E, the byte order mark, soft hyphens), which are invisible or change how
 * the text around them reads; and the line and paragraph separators U+2028 and U+2029 (Zl, Zp).
 */
const REFUSED = '\\p{Cc}\\p{Cs}\\p{Cf}\\p{Zl}\\p{Zp}';
export const UNSEEN_OR_CONTROL = new RegExp(`[${REFUSED}]`, 'u');

const visibleOnly = v.regex(new RegExp(`^[^${REFUSED}]*$`, 'u'));

/**
 * Free text of 1 to `max` characters without any of the above, checked before trimming, so such
 * a character at either end is refused rather than silently dropped. `trim` stores the text without
 * surrounding white space, and then it must still hold something.
 */
export const freeText = (max: number, { trim = false }: { trim?: boolean } = {}) =>
  trim
    ? v.pipe(v.string(), visibleOnly, v.trim(), v.minLength(1), v.maxLength(max))
    : v.pipe(v.string(), visibleOnly, v.minLength(1), v.maxLength(max));
