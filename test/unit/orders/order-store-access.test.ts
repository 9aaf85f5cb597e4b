/**
 * The order store against a mocked DynamoDB client: each operation's requests are within the
 * grant listed next to it (order-access.ts): an order by key, a customer's list on its index,
 * every customer's orders month by month.
 */
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { dynamoDbOrderStore as store } from '#functions/orders/store/dynamodb-order-store';
import { orderStoreAccess } from '#functions/orders/store/order-access';
import { requestsWithin } from '../support/table-requests-within';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({ Item: { pk: 'ORDER#7', sk: 'ORDER', id: 7 } });
  dynamo
    .on(QueryCommand)
    .resolves({ Items: [{ pk: 'ORDER#7', sk: 'ORDER', position: 12 }], ScannedCount: 1 });
});

it.each([
  ['getOrder', () => store.getOrder(7), 1],
  ['listCustomerOrders', () => store.listCustomerOrders(2, 1, 20), 2],
  [
    'ordersCreatedBetween',
    () => store.ordersCreatedBetween({ userId: 2 }, '2025-01-01', '2025-03-31', 10),
    1,
  ],
  // An administrator's report: one Query per month, on byMonth.
  ['ordersCreatedBetween', () => store.ordersCreatedBetween('all', '2025-01-01', '2025-03-31', 10), 3],
] as const)('%s stays within its grant', async (operation, run, requests) => {
  expect(await requestsWithin(dynamo, orderStoreAccess[operation], run)).toHaveLength(requests);
});
