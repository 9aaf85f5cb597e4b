import * as v from 'valibot';
import { integerResponse } from '#commons/http/error-response-schemas';

/** Response schemas of the identity routes (profiles, user record, user updates). */

export const profileResponse = v.object({ id: integerResponse, username: v.string() });
export const implicitProfileResponse = v.object({ username: v.string() });
export const addressResponse = v.object({ street: v.string(), zip_code: v.string(), city: v.string() });
export const emailResponse = v.string();
export const userRecordResponse = v.object({
  id: integerResponse,
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  phone: v.object({ home: v.string(), mobile: v.string() }),
  address: addressResponse,
});
