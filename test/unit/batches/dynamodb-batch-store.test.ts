import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { dynamoDbBatchStore } from '#functions/batches/store/dynamodb-batch-store';

const dynamo = mockClient(DynamoDBDocumentClient);
const conditionFailed = () => new ConditionalCheckFailedException({ message: 'failed', $metadata: {} });
const isChunkWrite = (input: { UpdateExpression?: string }) => input.UpdateExpression?.includes('chunksDone');

beforeEach(() => dynamo.reset());

describe('recording a chunk', () => {
  it('completes the batch with its last chunk', async () => {
    dynamo
      .on(UpdateCommand)
      .callsFake((input) => (isChunkWrite(input) ? { Attributes: { count: 50, itemCount: 50 } } : {}));
    await expect(dynamoDbBatchStore.recordChunk(7, 1, 25, [], '2026-01-01 10:00:00')).resolves.toBe(
      'completed',
    );
  });

  it('completes a batch whose last chunk was recorded by a processor that stopped before completing it', async () => {
    // The chunk is already in the set (a redelivery); the batch's count already equals its items.
    dynamo.on(UpdateCommand).callsFake((input) => {
      if (isChunkWrite(input)) throw conditionFailed();
      return {};
    });
    await expect(dynamoDbBatchStore.recordChunk(7, 1, 25, [], '2026-01-01 10:00:00')).resolves.toBe(
      'completed',
    );
    const completion = dynamo
      .commandCalls(UpdateCommand)
      .map((c) => c.args[0].input)
      .find((i) => !isChunkWrite(i));
    expect(completion?.ConditionExpression).toBe('#count = itemCount AND #status <> :completed');
  });

  it('changes nothing on a redelivery once the batch is complete, or while it is not', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    await expect(dynamoDbBatchStore.recordChunk(7, 1, 25, [], '2026-01-01 10:00:00')).resolves.toBe(
      'duplicate',
    );
  });
});
