import { httpRoute } from '#commons/http/http-route';
import { profileView } from '../domain/user';
import { userReply } from '../replies/user-reply';

/** GET /profile/@me: the token's user; depends on the token, so never cached (docs/decisions/http-requests.md D10). */
export const handler = httpRoute(
  { auth: true, routePath: '/profile/@me', cache: 'no-store' },
  async ({ caller }) => userReply(caller, caller.userId, profileView),
);
