import { httpRoute } from '#commons/http/http-route';
import { userRecordView } from '../domain/user';
import { userReply } from '../replies/user-reply';

/** GET /@me: the caller's user record (docs/design.md D11), never cached (docs/design.md D10). */
export const handler = httpRoute({ auth: true, routePath: '/@me', cache: 'no-store' }, async ({ caller }) =>
  userReply(caller, caller.userId, userRecordView),
);
