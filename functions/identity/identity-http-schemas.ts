import * as v from 'valibot';
import { emailAddress } from '#commons/http/email-address';
import { freeText } from '#commons/http/free-text';
import { numericPathId } from '#commons/http/ids';
import { strictObject } from '#commons/http/strict-object';

export const userPath = strictObject({ user_id: numericPathId(15) });

/** Free text that is stored, trimmed: nothing invisible or controlling (docs/decisions/http-requests.md D62). */
const text = (max: number) => freeText(max, { trim: true });

/** docs/decisions/tokens-and-rights.md D11: the complete address, exactly these three strings; a partial or extended body is a 400. */
export const addressBody = strictObject({ street: text(200), zip_code: text(20), city: text(100) });

/** docs/decisions/tokens-and-rights.md D11: a JSON string holding a valid e-mail address. */
export const emailBody = v.pipe(v.string(), v.maxLength(254), ...emailAddress());
