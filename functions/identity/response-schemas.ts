import * as z from 'zod/mini';

/** Response schemas of the identity routes (profiles, user record, user updates). */

export const profileResponse = z.object({ id: z.number().check(z.int()), username: z.string() });
export const implicitProfileResponse = z.object({ username: z.string() });
export const addressResponse = z.object({ street: z.string(), zip_code: z.string(), city: z.string() });
export const emailResponse = z.string();
export const userRecordResponse = z.object({
  id: z.number().check(z.int()),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.object({ home: z.string(), mobile: z.string() }),
  address: addressResponse,
});
