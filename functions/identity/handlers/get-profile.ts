import { httpRoute } from '#commons/http/http-route';
import { profileView } from '../domain/user';
import { userPath } from '../identity-http-schemas';
import { userReply } from '../replies/user-reply';

/** GET /profiles/{user_id}: the owner's or, for an administrator, anyone's profile. */
export const handler = httpRoute({ auth: true, path: userPath, cache: 'private' }, async ({ caller, path }) =>
  userReply(caller, path.user_id, profileView),
);
