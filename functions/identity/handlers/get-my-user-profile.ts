import { httpRoute } from '#commons/http/http-route';
import { profileView } from '../domain/user';
import { userReply } from '../replies/user-reply';

/** GET /users/@me/profile: the token's user's profile, never cached (docs/decisions/http-requests.md D10). */
export const handler = httpRoute(
  { auth: true, routePath: '/users/@me/profile', cache: 'no-store' },
  async ({ caller }) => userReply(caller, caller.userId, profileView),
);
