import { mayActFor } from '#commons/caller';
import { notFound } from '#commons/http/errors';
import { httpRoute } from '#commons/http/http-route';
import { addressView } from '../domain/user';
import { addressBody, userPath } from '../identity-http-schemas';
import { dynamoDbUserStore } from '../store/dynamodb-user-store';

/** PUT /users/{user_id}/address: replaces the whole address; answers the address as stored. */
export const handler = httpRoute(
  { auth: true, path: userPath, body: addressBody, cache: 'no-store' },
  async ({ caller, path, body }) => {
    if (!mayActFor(caller, path.user_id)) throw notFound();
    const address = { street: body.street, zipCode: body.zip_code, city: body.city };
    if (!(await dynamoDbUserStore.replaceAddress(path.user_id, address))) throw notFound();
    return { body: addressView(address) };
  },
);
