import * as z from 'zod/mini';
import { freeText } from '#commons/http/free-text';

const pathId = z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,14}$/)), z.transform(Number));
export const userPath = z.strictObject({ user_id: pathId });

/** Free text that is stored, trimmed: nothing invisible or controlling (docs/design.md D62). */
const text = (max: number) => freeText(max, { trim: true });

/** docs/design.md D11: the complete address, exactly these three strings; a partial or extended body is a 400. */
export const addressBody = z.strictObject({ street: text(200), zip_code: text(20), city: text(100) });

/** docs/design.md D11: a JSON string holding a valid e-mail address. */
export const emailBody = z.string().check(z.maxLength(254), z.email());
