/**
 * The webhook secret store against a mocked DynamoDB client: each operation's requests are within
 * the grant listed next to it (webhook-secret-access.ts).
 */
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { dynamoDbWebhookSecretStore as store } from '#functions/webhooks/store/dynamodb-webhook-secret-store';
import { webhookSecretStoreAccess } from '#functions/webhooks/store/webhook-secret-access';
import { requestsWithin } from '../support/table-requests-within';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';
const record = { id: '00000000-0000-4000-8000-00000000000a', createdAt: '2026-11-25 10:00:00' };

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({ Item: { secrets: [record] } });
  dynamo.on(UpdateCommand).resolves({ Attributes: { secrets: [] } });
});

it.each([
  ['list', () => store.list(2)],
  ['add', () => store.add(2, record as never, 2)],
  ['remove', () => store.remove(2, record.id)],
] as const)('%s stays within its grant', async (operation, run) => {
  expect((await requestsWithin(dynamo, webhookSecretStoreAccess[operation], run)).length).toBeGreaterThan(0);
});
