import { type Caller, mayActFor } from '#commons/caller';
import { notFound } from '#commons/http/errors';
import type { Reply } from '#commons/http/http-route';
import type { UserRecord } from '../domain/user';
import { dynamoDbUserStore } from '../store/dynamodb-user-store';

/**
 * Reads a user the caller may see and answers a view of it. Another customer's user is the
 * same 404 as a user that does not exist (docs/decisions/tokens-and-rights.md D3), and it is not even read.
 */
export const userReply = async (
  caller: Caller,
  userId: number,
  view: (user: UserRecord) => unknown,
): Promise<Reply> => {
  if (!mayActFor(caller, userId)) throw notFound();
  const user = await dynamoDbUserStore.getUser(userId);
  if (!user) throw notFound();
  return { body: view(user) };
};
