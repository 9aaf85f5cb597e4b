import { Validations } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { tableSchema } from '#functions/contracts/table-schema';
import { stageName } from './resource-names';
import type { StageSettings } from './stage';

export interface CommerceTableProps {
  readonly settings: StageSettings;
}

const attributeType = (type: 'S' | 'N'): AttributeType =>
  type === 'N' ? AttributeType.NUMBER : AttributeType.STRING;

/**
 * The service's one DynamoDB table, built from `functions/contracts/table-schema.ts` so the
 * adapters, the sandbox and the deployed table cannot disagree on keys or indexes.
 */
export class CommerceTable extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string, { settings }: CommerceTableProps) {
    super(scope, id);
    const { isProtected } = settings;

    this.table = new Table(this, 'Table', {
      tableName: stageName(settings.stage),
      partitionKey: { name: tableSchema.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableSchema.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      // The AWS managed key (aws/dynamodb): encrypted under KMS with CloudTrail-visible key use,
      // no key policy to maintain, and the grants below need no kms:* statements.
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: isProtected },
      deletionProtection: isProtected,
      removalPolicy: settings.removalPolicy,
      timeToLiveAttribute: tableSchema.expiresAt,
    });

    for (const index of Object.values(tableSchema.indexes)) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: attributeType(index.sortKeyType) },
        projectionType: ProjectionType.ALL,
      });
    }

    if (!isProtected) {
      Validations.of(this.table).acknowledge({
        id: 'AwsSolutions-DDB3',
        reason:
          'Point-in-time recovery is on for protected stages only (the stage file says which). The others are ' +
          'for development and trials: their data is what a team puts in to try the service, so continuous ' +
          'backups there would cost without protecting anything a team relies on.',
      });
    }
  }
}
