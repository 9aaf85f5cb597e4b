import * as z from 'zod/mini';

const pathId = z.pipe(z.string().check(z.regex(/^[1-9][0-9]{0,14}$/)), z.transform(Number));
export const userPath = z.strictObject({ user_id: pathId });

/**
 * Free text that is stored: no control characters, and no lone surrogate (a JSON `"\ud800"`),
 * which is not Unicode text and which DynamoDB, storing UTF-8, cannot keep as it was sent.
 */
const text = (max: number) =>
  z.string().check(z.trim(), z.minLength(1), z.maxLength(max), z.regex(/^[^\p{Cc}\p{Cs}]*$/u));

/** docs/design.md D11: the complete address, exactly these three strings; a partial or extended body is a 400. */
export const addressBody = z.strictObject({ street: text(200), zip_code: text(20), city: text(100) });

/** docs/design.md D11: a JSON string holding a valid e-mail address. */
export const emailBody = z.string().check(z.maxLength(254), z.email());
