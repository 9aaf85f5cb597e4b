import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { orderKey } from '#functions/contracts/keys/order-keys';
import { newestFirstRange } from '#functions/orders/domain/order';
import { handler as getOrder } from '#functions/orders/handlers/get-order';
import { handler as listMyOrders } from '#functions/orders/handlers/list-my-orders';
import { apiEvent, lambdaContext } from '../support/api-event';

const dynamo = mockClient(DynamoDBDocumentClient);
const order = (id: number, userId: number, position = id) => ({
  ...orderKey(id),
  list: `USER#${userId}#ORDERS`,
  position,
  id,
  userId,
  createdAt: '2025-03-04 10:11:12',
  status: 'paid',
  total: { value: 42.5, currency: 'EUR' },
  sentOn: null,
});

beforeEach(() => dynamo.reset());

describe('GET and HEAD /orders/{order_id}', () => {
  const read = (method: string, caller: { userId: number; admin?: boolean }, id = '5') =>
    getOrder(
      apiEvent({ method, resource: '/v1/orders/{order_id}', pathParameters: { order_id: id }, caller }),
      lambdaContext,
    );

  it('answers the owner and administrators, privately cacheable; HEAD has the same status and no body', async () => {
    dynamo.on(GetCommand, { Key: orderKey(5) }).resolves({ Item: order(5, 2) });
    const get = await read('GET', { userId: 2 });
    expect(get.statusCode).toBe(200);
    expect(get.headers?.['Cache-Control']).toBe('private');
    expect(JSON.parse(get.body)).toMatchObject({ id: 5, user_id: 2, status: 'paid', sent_on: null });
    expect((await read('GET', { userId: 1, admin: true })).statusCode).toBe(200);
    const head = await read('HEAD', { userId: 2 });
    expect([head.statusCode, head.body]).toEqual([200, '']);
  });

  it("answers another customer's order like an unknown one", async () => {
    dynamo.on(GetCommand, { Key: orderKey(5) }).resolves({ Item: order(5, 2) });
    dynamo.on(GetCommand, { Key: orderKey(6) }).resolves({});
    const other = await read('GET', { userId: 3 });
    const unknown = await read('GET', { userId: 3 }, '6');
    expect([other.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(other.body).toBe(unknown.body);
    const head = await read('HEAD', { userId: 3 });
    expect([head.statusCode, head.body]).toEqual([404, '']);
  });
});

describe('GET /@me/orders', () => {
  it('reads page N newest first as one position range after the list length', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [order(50, 2, 50)], ScannedCount: 1 })
      .resolves({ Items: [order(30, 2, 30), order(31, 2, 31)], ScannedCount: 2 });
    const response = await listMyOrders(
      apiEvent({ resource: '/v1/@me/orders', query: { page: ['2'], limit: ['10'] }, caller: { userId: 2 } }),
      lambdaContext,
    );
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).map((o: { id: number }) => o.id)).toEqual([31, 30]);
    const [, range] = dynamo.commandCalls(QueryCommand);
    expect(range?.args[0].input.ExpressionAttributeValues).toEqual({
      ':list': 'USER#2#ORDERS',
      ':from': 31,
      ':to': 40,
    });
  });

  it('computes newest-first ranges', () => {
    expect(newestFirstRange(45, 1, 20)).toEqual({ from: 26, to: 45 });
    expect(newestFirstRange(45, 3, 20)).toEqual({ from: 1, to: 5 });
    expect(newestFirstRange(45, 4, 20)).toBeUndefined();
    expect(newestFirstRange(0, 1, 20)).toBeUndefined();
  });
});
