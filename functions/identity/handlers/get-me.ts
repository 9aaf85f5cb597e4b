import { httpRoute } from '#commons/http/http-route';
import { userRecordView } from '../domain/user';
import { userReply } from '../replies/user-reply';

/** GET /@me: the caller's user record (docs/decisions/tokens-and-rights.md D11), never cached (docs/decisions/http-requests.md D10). */
export const handler = httpRoute({ auth: true, routePath: '/@me', cache: 'no-store' }, async ({ caller }) =>
  userReply(caller, caller.userId, userRecordView),
);
