/**
 * The batch store against a mocked DynamoDB client: each operation's requests are within the
 * grant listed next to it (batch-access.ts), the id counter's exact key included.
 */
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { batchStoreAccess } from '#functions/batches/store/batch-access';
import { dynamoDbBatchStore as store } from '#functions/batches/store/dynamodb-batch-store';
import { deniedParts } from '#local/iam/table-requests';
import { requestsWithin } from '../support/table-requests-within';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';
const batch = {
  id: 8,
  createdBy: 2,
  createdAt: '2026-11-24 10:00:00',
  status: 'pending',
  itemCount: 30,
  count: null,
  errors: null,
} as const;

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({ Item: { pk: 'BATCH#8', sk: 'BATCH', ...batch } });
  dynamo.on(PutCommand).resolves({});
  dynamo.on(UpdateCommand).resolves({ Attributes: { value: 8, count: 30, itemCount: 30 } });
});

it.each([
  ['nextBatchId', () => store.nextBatchId(), 1],
  ['createBatch', () => store.createBatch(batch as never), 1],
  ['getBatch', () => store.getBatch(8), 1],
  // The chunk's write, then the completing write.
  ['recordChunk', () => store.recordChunk(8, 1, 25, [], '2026-11-24 10:00:01'), 2],
  ['setOrderSentOn', () => store.setOrderSentOn(7, '2026-11-24', 2), 1],
] as const)('%s stays within its grant', async (operation, run, requests) => {
  expect(await requestsWithin(dynamo, batchStoreAccess[operation], run)).toHaveLength(requests);
});

it('grants no more than each operation needs: reading a batch is not recording one', () => {
  expect(
    deniedParts(batchStoreAccess.recordChunk, 'GetCommand', { Key: { pk: 'BATCH#8', sk: 'BATCH' } }),
  ).toEqual([{ action: 'dynamodb:GetItem', keys: ['BATCH#8'] }]);
  expect(
    deniedParts(batchStoreAccess.setOrderSentOn, 'UpdateCommand', { Key: { pk: 'USER#2', sk: 'USER' } }),
  ).toEqual([{ action: 'dynamodb:UpdateItem', keys: ['USER#2'] }]);
});
