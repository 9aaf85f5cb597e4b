import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { itemWrites, keysSince } from '#local/dynamodb-item-writes';
import { type LocalDynamoDb, startDynamoDb } from '#local/local-dynamodb';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from '#local/sandbox-identity';
import { countDynamoDbRequests, sandboxStats, writesIn } from '#local/sandbox-stats';
import { startTransactionFront } from '#local/transactions/transaction-front';
import { startLocalTable } from '../support/local-table';

describe('the sandbox stats', () => {
  let dynamodb: LocalDynamoDb;
  beforeAll(async () => {
    dynamodb = await startDynamoDb();
  });
  afterAll(async () => {
    await dynamodb?.close();
  });

  it('count the requests sent to the DynamoDB endpoint by operation, writes apart', async () => {
    const counter = countDynamoDbRequests(dynamodb.endpoint);
    try {
      const TableName = 'stats-test';
      await dynamodb.client.send(
        new CreateTableCommand({
          TableName,
          KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
          AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
      await dynamodb.client.send(new PutItemCommand({ TableName, Item: { pk: { S: 'a' } } }));
      await dynamodb.client.send(
        new UpdateItemCommand({
          TableName,
          Key: { pk: { S: 'a' } },
          UpdateExpression: 'SET n = :n',
          ExpressionAttributeValues: { ':n': { N: '1' } },
        }),
      );
      // A conditional write that fails is a write request all the same (DynamoDB charges it).
      await expect(
        dynamodb.client.send(
          new PutItemCommand({
            TableName,
            Item: { pk: { S: 'a' } },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      ).rejects.toThrow();
      await dynamodb.client.send(new GetItemCommand({ TableName, Key: { pk: { S: 'a' } } }));
      // Requests elsewhere are not counted.
      await fetch(`${dynamodb.endpoint.replace(/:\d+$/, ':1')}/`).catch(() => undefined);

      expect(counter.requests).toMatchObject({ PutItem: 2, UpdateItem: 1, GetItem: 1 });
      expect(writesIn(counter.requests)).toBe(3);
      const document = await sandboxStats({
        dynamodb: async () => ({ requests: counter.requests, items: itemWrites().toJSON() }),
        mappings: () => ({ fn: { invocations: 2 } as never }),
      })();
      expect(document).toMatchObject({
        dynamodb: { writes: 3 },
        mappings: { fn: { invocations: 2 } },
        tableGrants: { checked: expect.any(Number), refused: expect.any(Number) },
      });
    } finally {
      counter.stop();
    }
    const after = { ...counter.requests };
    await dynamodb.client.send(new GetItemCommand({ TableName: 'stats-test', Key: { pk: { S: 'a' } } }));
    expect(counter.requests).toEqual(after);
  });

  it('carry the report executions when the sandbox runs them', async () => {
    const executions = { started: 2, succeeded: 1, failed: 1 } as never;
    const stats = (source?: () => never) =>
      sandboxStats({
        dynamodb: async () => ({ requests: {}, items: itemWrites().toJSON() }),
        mappings: () => ({}),
        ...(source ? { executions: source } : {}),
      })();
    expect((await stats(() => executions)).executions).toEqual({ started: 2, succeeded: 1, failed: 1 });
    expect(await stats()).not.toHaveProperty('executions');
  });

  it('count the items written and deleted by kind of key at the transaction front, and keep their keys in order', async () => {
    // A table of its own, keyed pk and sk as the service's is.
    const TableName = 'items-test';
    const table = await startLocalTable(TableName);
    const key = (pk: string, sk: string) => ({ pk: { S: pk }, sk: { S: sk } });
    // As in the sandbox: the client sends to the transaction front, which sends to dynalite.
    const front = await startTransactionFront(table.endpoint);
    const client = new DynamoDBClient({
      endpoint: front.endpoint,
      region: SANDBOX_REGION,
      credentials: SANDBOX_CREDENTIALS,
    });
    try {
      const stats = sandboxStats({
        dynamodb: async () => ({ requests: front.requests, items: front.items.toJSON() }),
        mappings: () => ({}),
      });
      await client.send(new PutItemCommand({ TableName, Item: key('CATALOGUE', 'LOCK') }));
      const since = (await stats()).dynamodb.items.sequence;
      await client.send(
        new BatchWriteItemCommand({
          RequestItems: {
            [TableName]: [
              { PutRequest: { Item: key('CAT#PRODUCT#7', 'PRODUCT#0000000002') } },
              { PutRequest: { Item: key('CAT#PRODUCT#8', 'STOCK#paris#0000000002') } },
              { DeleteRequest: { Key: key('CAT#PRODUCT#9', 'PRODUCT#0000000001') } },
            ],
          },
        }),
      );
      await client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName,
                Key: key('CATALOGUE', 'LOCK'),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            { Put: { TableName, Item: key('CAT#20261126T124605Z-a1b2c3#REFERENCE', 'REFERENCE') } },
            {
              Update: {
                TableName,
                Key: key('CATALOGUE', 'ACTIVE'),
                UpdateExpression: 'SET v = :v',
                ExpressionAttributeValues: { ':v': { S: 'x' } },
              },
            },
          ],
        }),
      );
      await client.send(new DeleteItemCommand({ TableName, Key: key('CATALOGUE', 'LOCK') }));
      // Reads are not writes.
      await client.send(new GetItemCommand({ TableName, Key: key('CATALOGUE', 'ACTIVE') }));

      const { items, requests } = (await stats()).dynamodb;
      expect(items).toMatchObject({
        written: 5,
        deleted: 2,
        // One unit an item written of at most 1 KB, two in a transaction.
        units: 7,
        sequence: 7,
        byKind: {
          CATALOGUE: { written: 2, deleted: 1 },
          'CAT#PRODUCT#<id>': { written: 2, deleted: 1 },
          'CAT#<version>#REFERENCE': { written: 1, deleted: 0 },
        },
      });
      expect(keysSince(items, since).map(({ op, pk, sk }) => `${op} ${pk} ${sk}`)).toEqual([
        'put CAT#PRODUCT#7 PRODUCT#0000000002',
        'put CAT#PRODUCT#8 STOCK#paris#0000000002',
        'delete CAT#PRODUCT#9 PRODUCT#0000000001',
        'put CAT#20261126T124605Z-a1b2c3#REFERENCE REFERENCE',
        'update CATALOGUE ACTIVE',
        'delete CATALOGUE LOCK',
      ]);
      expect(keysSince(items, since).map((event) => event.seq)).toEqual([2, 3, 4, 5, 6, 7]);
      // Requests are counted as the front sends them on to dynalite: the transaction's items one by
      // one (its condition check as an UpdateItem).
      expect(requests).toMatchObject({
        PutItem: 2,
        UpdateItem: 2,
        BatchWriteItem: 1,
        DeleteItem: 1,
        GetItem: 1,
      });
      expect(requests).not.toHaveProperty('TransactWriteItems');
    } finally {
      client.destroy();
      await front.close();
      await table.close();
    }
  });
});
