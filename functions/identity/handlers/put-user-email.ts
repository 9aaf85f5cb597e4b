import { mayActFor } from '#commons/caller';
import { notFound } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { emailBody, userPath } from '../identity-http-schemas';
import { dynamoDbUserStore } from '../store/dynamodb-user-store';

/** PUT /users/{user_id}/email: the body is a JSON string; answers the address as stored. */
export const handler = httpRoute(
  { auth: true, path: userPath, body: emailBody, cache: 'no-store' },
  async ({ caller, path, body }) => {
    if (!mayActFor(caller, path.user_id)) throw notFound();
    if (!(await dynamoDbUserStore.replaceEmail(path.user_id, body))) throw notFound();
    return { body };
  },
);
