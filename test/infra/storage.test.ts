import { Match } from 'aws-cdk-lib/assertions';
import { tableSchema } from '#functions/contracts/table-schema';
import { resourcesOfType, synth } from './synth';

const TABLE = 'AWS::DynamoDB::Table';

describe('the table', () => {
  const dev = synth({ stage: 'dev' }).template;
  const prod = synth({ stage: 'prod' }).template;

  it('is the only table, with the keys and indexes of table-schema.ts', () => {
    dev.resourceCountIs(TABLE, 1);
    const indexes = Object.values(tableSchema.indexes);
    expect(indexes.map((index) => index.name).sort()).toEqual(['byListCreation', 'byMonth', 'byPosition']);
    dev.hasResourceProperties(TABLE, {
      TableName: 'commerce-api-dev',
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
  });

  it('defines each key attribute once, with the type table-schema.ts gives it', () => {
    const [table] = Object.values(resourcesOfType(dev, TABLE));
    const types = new Map<string, string>([
      [tableSchema.partitionKey, 'S'],
      [tableSchema.sortKey, 'S'],
    ]);
    for (const index of Object.values(tableSchema.indexes)) {
      // The indexes share attributes (`list`, `createdAt`): one type each, or DynamoDB refuses the table.
      for (const [name, type] of [
        [index.partitionKey, 'S'],
        [index.sortKey, index.sortKeyType],
      ] as const) {
        expect(types.get(name) ?? type).toBe(type);
        types.set(name, type);
      }
    }
    expect(table!.Properties.AttributeDefinitions).toEqual(
      [...types].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    );
  });

  it(`lets DynamoDB delete items past their ${tableSchema.expiresAt} time (TTL)`, () => {
    for (const template of [dev, prod]) {
      template.hasResourceProperties(TABLE, {
        TimeToLiveSpecification: { AttributeName: tableSchema.expiresAt, Enabled: true },
      });
    }
    expect(tableSchema.expiresAt).toBe('expiresAt');
  });

  it('is billed on demand and encrypted at rest under KMS', () => {
    dev.hasResourceProperties(TABLE, {
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('in prod: point-in-time recovery, deletion protection, retained when the stack goes', () => {
    prod.hasResource(TABLE, {
      DeletionPolicy: 'RetainExceptOnCreate',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        TableName: 'commerce-api-prod',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    });
  });

  it('in other stages: deleted with the stack, no point-in-time recovery', () => {
    dev.hasResource(TABLE, {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: false },
        DeletionProtectionEnabled: false,
      }),
    });
  });
});
