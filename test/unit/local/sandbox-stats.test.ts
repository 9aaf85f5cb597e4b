import {
  CreateTableCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { type LocalDynamoDb, startDynamoDb } from '#local/local-dynamodb';
import { countDynamoDbRequests, sandboxStats, writesIn } from '#local/sandbox-stats';

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
      const document = JSON.parse(
        JSON.stringify(
          sandboxStats({ dynamodb: counter, mappings: () => ({ fn: { invocations: 2 } as never }) }),
        ),
      );
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

  it('carry the report executions when the sandbox runs them', () => {
    const counter = { requests: {}, stop: () => {} };
    const executions = { started: 2, succeeded: 1, failed: 1 } as never;
    const stats = (source?: () => never) =>
      JSON.parse(
        JSON.stringify(sandboxStats({ dynamodb: counter, mappings: () => ({}), executions: source })),
      );
    expect(stats(() => executions).executions).toEqual({ started: 2, succeeded: 1, failed: 1 });
    expect(stats()).not.toHaveProperty('executions');
  });
});
