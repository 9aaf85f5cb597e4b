import { httpRoute } from '#commons/http/http-route';
import { implicitProfileView } from '../domain/user';
import { userReply } from '../replies/user-reply';

/**
 * GET /profile: the discouraged implicit form, kept because the spec lists it. It answers the
 * username only: no id, since the form hides which user it is about.
 */
export const handler = httpRoute({ auth: true, cache: 'no-store' }, async ({ caller }) =>
  userReply(caller, caller.userId, implicitProfileView),
);
