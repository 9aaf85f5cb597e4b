import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#commons/clients/dynamodb';
import { getItem, withoutKeys } from '#commons/store/table-items';
import { userKey } from '#functions/contracts/keys/identity-keys';
import type { UserRecord } from '../domain/user';
import type { UserStore } from './user-store';

/**
 * Replaces one attribute of an existing user in a single conditional write: either the whole
 * sub-resource changes or nothing does, and an unknown user is never created by a PUT.
 */
const replaceAttribute = async (id: number, name: 'address' | 'email', value: unknown): Promise<boolean> => {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(id),
        UpdateExpression: 'SET #attribute = :value',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#attribute': name },
        ExpressionAttributeValues: { ':value': value },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

export const dynamoDbUserStore: UserStore = {
  async getUser(id) {
    const item = await getItem(userKey(id));
    return item ? (withoutKeys(item) as unknown as UserRecord) : undefined;
  },
  replaceAddress: (id, address) => replaceAttribute(id, 'address', address),
  replaceEmail: (id, email) => replaceAttribute(id, 'email', email),
};
