import { conditionally, putNewItem } from '#commons/store/table-items';
import { userKey } from '#functions/contracts/keys/identity-keys';
import type { UserRecord } from '../domain/user';

/**
 * Writes the user record of a first sign-in unless one exists (one conditional write: a record
 * from an event or an earlier sign-in, and whatever the user changed since, is kept). True when
 * it was written.
 */
export const createUserIfAbsent = (user: UserRecord): Promise<boolean> =>
  conditionally(() => putNewItem(userKey(user.id), user));
