import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  type BatchWriteCommandInput,
  DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

/** DynamoDB's own limit for one BatchWriteItem call. */
const BATCH_SIZE = 25;
const MAX_ATTEMPTS = 8;

type WriteRequests = NonNullable<BatchWriteCommandInput['RequestItems']>[string];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes items with BatchWrite, 25 a call and `concurrency` calls in flight, retrying
 * UnprocessedItems with a growing delay as the AWS guidance says (dynalite never throttles,
 * but the same code could seed a real table).
 */
export async function writeItems(
  client: DynamoDBClient,
  tableName: string,
  items: readonly Record<string, unknown>[],
  concurrency = 4,
): Promise<void> {
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const batches: WriteRequests[] = [];
  for (let i = 0; i < items.length; i += BATCH_SIZE) {
    batches.push(items.slice(i, i + BATCH_SIZE).map((Item) => ({ PutRequest: { Item } })));
  }

  const writeBatch = async (requests: WriteRequests) => {
    let pending = requests;
    for (let attempt = 1; pending.length > 0; attempt++) {
      if (attempt > MAX_ATTEMPTS)
        throw new Error(`${pending.length} items still unprocessed after ${MAX_ATTEMPTS} attempts`);
      if (attempt > 1) await sleep(Math.min(1000, 25 * 2 ** attempt));
      const { UnprocessedItems } = await doc.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: pending } }),
      );
      pending = UnprocessedItems?.[tableName] ?? [];
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < batches.length) await writeBatch(batches[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
}
