import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { type CatalogueTarget, catalogueTarget } from '#local/catalogue/catalogue-target';
import { stackOutputs } from '../stack-outputs';

/**
 * A deployed stage: its stack's outputs name the table, the import bucket and the state machine;
 * the credentials and region are the AWS SDK's defaults (AWS_PROFILE, AWS_REGION …), as for `cdk deploy`.
 */
export async function deployedTarget(stage: string): Promise<CatalogueTarget> {
  const outputs = await stackOutputs(stage);
  return catalogueTarget(
    stage,
    { dynamodb: new DynamoDBClient({}), s3: new S3Client({}), sfn: new SFNClient({}) },
    {
      tableName: outputs.need('TableName'),
      bucket: outputs.need('CatalogueImportBucket'),
      stateMachineArn: outputs.need('CataloguePublishStateMachine'),
    },
  );
}
