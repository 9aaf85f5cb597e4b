/**
 * The user stores against a mocked DynamoDB client: each operation's requests are within the
 * grant listed next to it (user-access.ts), which the stack gives the functions that call it.
 */
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { dynamoDbUserStore as store } from '#functions/identity/store/dynamodb-user-store';
import { createUserIfAbsent } from '#functions/identity/store/first-sign-in-store';
import { firstSignInAccess, userStoreAccess } from '#functions/identity/store/user-access';
import { userChanged } from '../events/event-fixtures';
import { requestsWithin } from '../support/table-requests-within';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';
const { eventId: _e, occurredAt: _o, version: _v, ...user } = userChanged();
const address = { street: '1 Main St', zipCode: '75001', city: 'Paris' };

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({ Item: { pk: 'USER#5001', sk: 'USER', ...user } });
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(PutCommand).resolves({});
});

it.each([
  ['getUser', () => store.getUser(5001)],
  ['replaceAddress', () => store.replaceAddress(5001, address)],
  ['replaceEmail', () => store.replaceEmail(5001, 'nina@example.com')],
] as const)('%s stays within its grant', async (operation, run) => {
  expect(await requestsWithin(dynamo, userStoreAccess[operation], run)).toHaveLength(1);
});

it('a first sign-in’s record stays within its grant (a put of a user item)', async () => {
  expect(await requestsWithin(dynamo, firstSignInAccess, () => createUserIfAbsent(user))).toHaveLength(1);
});
