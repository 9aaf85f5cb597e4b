import * as v from 'valibot';
import { integerResponse } from '#commons/http/error-response-schemas';

/**
 * Response schemas of the identity routes (profiles, user record, user updates). Their bounds are
 * those of what writes a user: the user events' schemas (functions/events/schemas/user.*.json)
 * and the address and e-mail bodies (identity-http-schemas.ts).
 */

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const username = text(128);
/** E.164 or empty, as the user events carry it. */
const phone = v.pipe(v.string(), v.maxLength(16), v.regex(/^(\+[1-9][0-9]{6,14})?$/));

export const profileResponse = v.object({ id: integerResponse, username });
export const implicitProfileResponse = v.object({ username });
export const addressResponse = v.object({ street: text(200), zip_code: text(20), city: text(100) });
export const emailResponse = v.pipe(v.string(), v.maxLength(254), v.metadata({ format: 'email' }));
export const userRecordResponse = v.object({
  id: integerResponse,
  first_name: text(200),
  last_name: text(200),
  email: emailResponse,
  phone: v.object({ home: phone, mobile: phone }),
  address: addressResponse,
});
