import {
  ensureTable,
  type LocalDynamoDb,
  type StartDynamoDbOptions,
  startDynamoDb,
} from '#local/local-dynamodb';

/**
 * dynalite (in memory, or on disk with `path`), with one on-demand table keyed `pk` and `sk`
 * (strings), as the service's table is.
 */
export async function startLocalTable(
  TableName: string,
  options: StartDynamoDbOptions = {},
): Promise<LocalDynamoDb> {
  const dynamodb = await startDynamoDb(options);
  await ensureTable(dynamodb.client, {
    TableName,
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
  return dynamodb;
}
