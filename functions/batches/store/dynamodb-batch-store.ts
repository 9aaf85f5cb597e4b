import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#commons/clients/dynamodb';
import { conditionally, getItem, putNewItem, withoutKeys } from '#commons/store/table-items';
import { batchCounterKey, batchKey } from '#functions/contracts/keys/batch-keys';
import { orderKey } from '#functions/contracts/keys/order-keys';
import type { BatchRecord } from '../domain/batch';
import type { BatchStore } from './batch-store';

export const dynamoDbBatchStore: BatchStore = {
  async nextBatchId() {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: batchCounterKey,
        UpdateExpression: 'ADD #value :one',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.value);
  },

  async createBatch(batch) {
    await putNewItem(batchKey(batch.id), batch);
  },

  async getBatch(id) {
    const item = await getItem(batchKey(id));
    if (!item) return undefined;
    const { chunksDone: _chunksDone, ...batch } = withoutKeys(item);
    return batch as unknown as BatchRecord;
  },

  async recordChunk(batchId, chunk, processed, errors, now) {
    let counted: Record<string, unknown> | undefined;
    const recorded = await conditionally(async () => {
      // One write per chunk: the chunk set makes it happen once, however often the message comes.
      const { Attributes } = await documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: batchKey(batchId),
          UpdateExpression:
            'SET #count = if_not_exists(#count, :zero) + :processed, ' +
            '#errors = list_append(if_not_exists(#errors, :none), :errors), ' +
            '#status = :processing, updatedAt = :now ADD chunksDone :chunk',
          ConditionExpression: 'attribute_exists(pk) AND NOT contains(chunksDone, :chunkId)',
          ExpressionAttributeNames: { '#count': 'count', '#errors': 'errors', '#status': 'status' },
          ExpressionAttributeValues: {
            ':zero': 0,
            ':processed': processed,
            ':none': [],
            ':errors': errors,
            ':processing': 'processing',
            ':now': now,
            ':chunk': new Set([chunk]),
            ':chunkId': chunk,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      counted = Attributes;
    });
    // Completing is its own idempotent step, tried again on a duplicate too: a processor that
    // stopped between the two writes must not leave the batch `processing` for ever.
    const complete = () =>
      conditionally(() =>
        documentClient.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: batchKey(batchId),
            UpdateExpression: 'SET #status = :completed, updatedAt = :now',
            ConditionExpression: '#count = itemCount AND #status <> :completed',
            ExpressionAttributeNames: { '#status': 'status', '#count': 'count' },
            ExpressionAttributeValues: { ':completed': 'completed', ':now': now },
          }),
        ),
      );
    if (!recorded) return (await complete()) ? 'completed' : 'duplicate';
    if (counted && counted.count === counted.itemCount && (await complete())) return 'completed';
    return 'recorded';
  },

  setOrderSentOn: (orderId, sentOn, ownerId) =>
    conditionally(() =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: orderKey(orderId),
          UpdateExpression: 'SET sentOn = :sentOn',
          ConditionExpression:
            ownerId === undefined ? 'attribute_exists(pk)' : 'attribute_exists(pk) AND userId = :owner',
          ExpressionAttributeValues: {
            ':sentOn': sentOn,
            ...(ownerId === undefined ? {} : { ':owner': ownerId }),
          },
        }),
      ),
    ),
};
