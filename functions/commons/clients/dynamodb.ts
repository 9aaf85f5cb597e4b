import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME_ENV } from '#functions/contracts/environment';

/**
 * One client per execution environment, created at import so warm invocations reuse its
 * connections. The endpoint comes from the SDK's own settings (AWS_ENDPOINT_URL_DYNAMODB in
 * the sandbox), so function code has no sandbox special case.
 */
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = (): string => {
  const name = process.env[TABLE_NAME_ENV];
  if (!name) throw new Error(`${TABLE_NAME_ENV} is not set`);
  return name;
};
