import { tableSchema } from '#functions/contracts/table-schema';
import { createTableInput, DEFAULT_SANDBOX_TABLE_NAME, synthesizeTableInput } from '#local/table-definition';

const keys = {
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' as const },
    { AttributeName: 'sk', KeyType: 'RANGE' as const },
  ],
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' as const },
    { AttributeName: 'sk', AttributeType: 'S' as const },
  ],
};

describe('the sandbox table definition', () => {
  it('is read from the CDK storage construct: keys and indexes of table-schema.ts', async () => {
    const input = await synthesizeTableInput();
    const indexes = Object.values(tableSchema.indexes);
    expect(input).toEqual({
      TableName: 'commerce-api-sandbox',
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: expect.arrayContaining(
        indexes.map((index) => ({ AttributeName: index.sortKey, AttributeType: index.sortKeyType })),
      ),
      GlobalSecondaryIndexes: expect.arrayContaining(
        indexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      ),
    });
    expect(input.GlobalSecondaryIndexes).toHaveLength(indexes.length);
  });

  it('keeps provisioned throughput, on the table and its indexes', () => {
    const throughput = { ReadCapacityUnits: 5, WriteCapacityUnits: 5 };
    const input = createTableInput({
      ...keys,
      TableName: 't',
      ProvisionedThroughput: throughput,
      GlobalSecondaryIndexes: [
        { IndexName: 'i', KeySchema: keys.KeySchema, Projection: { ProjectionType: 'KEYS_ONLY' } },
      ],
    });
    expect(input).toMatchObject({
      BillingMode: 'PROVISIONED',
      ProvisionedThroughput: throughput,
      GlobalSecondaryIndexes: [{ IndexName: 'i', ProvisionedThroughput: throughput }],
    });
  });

  it('leaves out what dynalite does not model, and names a table CloudFormation would name', () => {
    const input = createTableInput({
      ...keys,
      TableName: { 'Fn::Join': ['-', ['a', 'b']] },
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
    });
    expect(input).toEqual({ ...keys, TableName: DEFAULT_SANDBOX_TABLE_NAME, BillingMode: 'PAY_PER_REQUEST' });
  });
});
