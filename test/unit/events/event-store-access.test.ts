/**
 * The event store against a mocked DynamoDB client: each operation's requests, the transaction's
 * items one by one, are within the grant listed next to it (event-access.ts).
 */
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { OUTCOME_KEEP_SECONDS } from '#functions/events/domain/event-outcome';
import { dynamoDbEventStore as store } from '#functions/events/store/dynamodb-event-store';
import { dynamoDbOutcomeStore } from '#functions/events/store/dynamodb-outcome-store';
import { eventStoreAccess } from '#functions/events/store/event-access';
import { outcomeStoreAccess } from '#functions/events/store/outcome-access';
import { orderEventsSettings } from '#lib/order-events-settings';
import { requestsWithin } from '../support/table-requests-within';
import { appliedOutcome, placed, statusChanged, userChanged } from './event-fixtures';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';

beforeEach(() => {
  dynamo.reset();
  // A list written before it had a counter: its last position comes from the byPosition index.
  dynamo.on(GetCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [{ position: 4 }], ScannedCount: 1 });
  dynamo.on(TransactWriteCommand).resolves({});
  dynamo.on(UpdateCommand).resolves({});
  dynamo.on(PutCommand).resolves({});
});

it('placeOrder stays within its grant: counter, list, customer check, order and counter put', async () => {
  const { eventId: _e, occurredAt: _o, version, ...order } = placed();
  const parts = await requestsWithin(dynamo, eventStoreAccess.placeOrder, () =>
    store.placeOrder(order, version),
  );
  expect(parts.map((part) => part.action)).toEqual([
    'dynamodb:GetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:PutItem',
  ]);
});

it('changeOrderStatus and putUser stay within their grants', async () => {
  const { eventId: _e, occurredAt: _o, version, ...change } = statusChanged();
  expect(
    await requestsWithin(dynamo, eventStoreAccess.changeOrderStatus, () =>
      store.changeOrderStatus(change as never, version as number),
    ),
  ).toHaveLength(1);
  const { eventId: _u, occurredAt: _t, version: userVersion, ...user } = userChanged();
  expect(
    await requestsWithin(dynamo, eventStoreAccess.putUser, () => store.putUser(user, userVersion)),
  ).toHaveLength(1);
});

it('the outcome store writes only the event’s outcome item (EVENT#<event id>), within its grant', async () => {
  const parts = await requestsWithin(dynamo, outcomeStoreAccess.record, () =>
    dynamoDbOutcomeStore.record(appliedOutcome, 1_800_000_000),
  );
  expect(parts.map((part) => [part.action, part.keys])).toEqual([
    ['dynamodb:UpdateItem', ['EVENT#checkout-7f3a']],
  ]);
});

it('keeps outcome records as long as the dead-letter queue keeps a message, so every dead letter has its reason', () => {
  expect(OUTCOME_KEEP_SECONDS).toBeGreaterThanOrEqual(
    orderEventsSettings.deadLetterQueue.retentionPeriodSeconds,
  );
});
