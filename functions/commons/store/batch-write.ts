import {
  BatchWriteCommand,
  type BatchWriteCommandInput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';

/** DynamoDB's own limit for one BatchWriteItem call. */
const BATCH_SIZE = 25;
const MAX_ATTEMPTS = 8;

export type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends write requests with BatchWriteItem, 25 a call and `concurrency` calls in flight,
 * retrying UnprocessedItems with a growing delay as the AWS guidance says (a throttled table
 * hands some back). Puts and deletes of whole items are idempotent, so a retry is safe.
 */
export async function batchWrite(
  doc: DynamoDBDocumentClient,
  tableName: string,
  requests: readonly WriteRequest[],
  concurrency = 4,
): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_SIZE) batches.push(requests.slice(i, i + BATCH_SIZE));

  const writeBatch = async (batch: WriteRequest[]) => {
    let pending = batch;
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

export const putRequests = (items: readonly Record<string, unknown>[]): WriteRequest[] =>
  items.map((Item) => ({ PutRequest: { Item } }));

export const deleteRequests = (keys: readonly { pk: unknown; sk: unknown }[]): WriteRequest[] =>
  keys.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } }));
