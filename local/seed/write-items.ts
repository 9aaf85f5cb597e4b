import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchWrite, putRequests } from '#functions/contracts/seed-records';

/** Writes the seed's items with the functions' own batch writer (dynalite never throttles, a real table might). */
export async function writeItems(
  client: DynamoDBClient,
  tableName: string,
  items: readonly Record<string, unknown>[],
  concurrency = 4,
): Promise<void> {
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  await batchWrite(doc, tableName, putRequests(items), concurrency);
}
