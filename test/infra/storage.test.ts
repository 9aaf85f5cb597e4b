import { Match } from 'aws-cdk-lib/assertions';
import { tableSchema } from '../../functions/commons/table-schema';
import { synth } from './synth';

const TABLE = 'AWS::DynamoDB::Table';

describe('the table', () => {
  const dev = synth({ stage: 'dev' }).template;
  const prod = synth({ stage: 'prod' }).template;

  it('is the only table, with the keys and index of table-schema.ts', () => {
    dev.resourceCountIs(TABLE, 1);
    const index = tableSchema.indexes.byPosition;
    dev.hasResourceProperties(TABLE, {
      TableName: 'commerce-api-dev',
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayWith([
        { AttributeName: tableSchema.partitionKey, AttributeType: 'S' },
        { AttributeName: tableSchema.sortKey, AttributeType: 'S' },
        { AttributeName: index.sortKey, AttributeType: index.sortKeyType },
      ]),
      GlobalSecondaryIndexes: [
        {
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  it('is billed on demand and encrypted at rest under KMS', () => {
    dev.hasResourceProperties(TABLE, {
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { SSEEnabled: true },
    });
  });

  it('in prod: point-in-time recovery, deletion protection, retained when the stack goes', () => {
    prod.hasResource(TABLE, {
      DeletionPolicy: 'Retain',
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
