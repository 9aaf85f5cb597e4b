import { ensureTable, type LocalDynamoDb, startDynamoDb } from '../../../local/dynamodb';

/** dynalite in memory, with one on-demand table keyed `pk` and `sk` (strings), as the service's table is. */
export async function startLocalTable(TableName: string): Promise<LocalDynamoDb> {
  const dynamodb = await startDynamoDb();
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
