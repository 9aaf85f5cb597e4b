import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalDynamoDb } from '#local/local-dynamodb';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from '#local/sandbox-identity';
import { startTransactionFront, type TransactionFront } from '#local/transactions/transaction-front';
import { startLocalTable } from '../../support/local-table';

const TableName = 'transactions-test';
let dynamodb: LocalDynamoDb;
let front: TransactionFront;
let client: DynamoDBDocumentClient;

beforeAll(async () => {
  dynamodb = await startLocalTable(TableName);
  front = await startTransactionFront(dynamodb.endpoint);
  client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: front.endpoint,
      region: SANDBOX_REGION,
      credentials: SANDBOX_CREDENTIALS,
    }),
  );
});

afterAll(async () => {
  client.destroy();
  await front.close();
  await dynamodb.close();
});

const get = async (pk: string) =>
  (await client.send(new GetCommand({ TableName, Key: { pk, sk: 'X' } }))).Item;
const put = (pk: string, extra: Record<string, unknown> = {}, condition?: string) => ({
  Put: {
    TableName,
    Item: { pk, sk: 'X', ...extra },
    ...(condition ? { ConditionExpression: condition } : {}),
  },
});

describe('TransactWriteItems in the sandbox (dynalite has none)', () => {
  it('passes every other request through to dynalite', async () => {
    await client.send(new PutCommand({ TableName, Item: { pk: 'plain', sk: 'X', n: 1 } }));
    expect(await get('plain')).toEqual({ pk: 'plain', sk: 'X', n: 1 });
  });

  it('writes all the items when every condition holds', async () => {
    await client.send(new PutCommand({ TableName, Item: { pk: 'user', sk: 'X' } }));
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName,
              Key: { pk: 'user', sk: 'X' },
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          put('order-1', { v: 1 }, 'attribute_not_exists(pk)'),
          {
            Update: {
              TableName,
              Key: { pk: 'counter', sk: 'X' },
              UpdateExpression: 'ADD #c :one',
              ExpressionAttributeNames: { '#c': 'count' },
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
    expect(await get('order-1')).toEqual({ pk: 'order-1', sk: 'X', v: 1 });
    expect(await get('counter')).toEqual({ pk: 'counter', sk: 'X', count: 1 });
    expect(await get('user')).toEqual({ pk: 'user', sk: 'X' });
  });

  it('writes none when one condition fails, and names it in the cancellation reasons', async () => {
    await client.send(new PutCommand({ TableName, Item: { pk: 'kept', sk: 'X', v: 'old' } }));
    const attempt = client.send(
      new TransactWriteCommand({
        TransactItems: [
          put('kept', { v: 'new' }),
          put('fresh', { v: 1 }),
          {
            ConditionCheck: {
              TableName,
              Key: { pk: 'ghost', sk: 'X' },
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
        ],
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(TransactionCanceledException);
    const error = (await attempt.catch((e: unknown) => e)) as TransactionCanceledException;
    expect(error.CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'None', 'ConditionalCheckFailed']);
    expect(await get('kept')).toEqual({ pk: 'kept', sk: 'X', v: 'old' });
    expect(await get('fresh')).toBeUndefined();
    expect(await get('ghost')).toBeUndefined();
  });

  it('refuses two actions on one item, as DynamoDB does', async () => {
    await expect(
      client.send(new TransactWriteCommand({ TransactItems: [put('twice'), put('twice')] })),
    ).rejects.toMatchObject({ name: 'ValidationException' });
  });

  it('runs concurrent transactions one at a time: a counter taken twice fails once', async () => {
    await client.send(new PutCommand({ TableName, Item: { pk: 'slot', sk: 'X', n: 0 } }));
    const take = (id: string) =>
      client
        .send(
          new TransactWriteCommand({
            TransactItems: [
              put(id),
              {
                Update: {
                  TableName,
                  Key: { pk: 'slot', sk: 'X' },
                  UpdateExpression: 'SET n = :next',
                  ConditionExpression: 'n = :current',
                  ExpressionAttributeValues: { ':current': 0, ':next': 1 },
                },
              },
            ],
          }),
        )
        .then(
          () => 'won',
          () => 'lost',
        );
    const outcomes = await Promise.all([take('a'), take('b'), take('c')]);
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect([await get('a'), await get('b'), await get('c')].filter(Boolean)).toHaveLength(1);
  });
});
