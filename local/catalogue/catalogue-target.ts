import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { sandboxDynamoDbClient } from '../local-dynamodb';
import type { SandboxServers } from '../running-sandbox';
import { sandboxS3Client } from '../s3/local-s3';
import { SANDBOX_CREDENTIALS, SANDBOX_REGION } from '../sandbox-identity';

/**
 * Where a stage's catalogue lives and how to reach it: the clients and the names the tools need.
 * Here, below cli/, because the sandbox's seed publishes through it too (cli/ adds the deployed
 * stage's target, from its stack's outputs).
 */
export interface CatalogueTarget {
  readonly stage: string;
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly s3: S3Client;
  readonly bucket: string;
  readonly sfn: SFNClient;
  readonly stateMachineArn: string;
  close(): void;
}

export const catalogueTarget = (
  stage: string,
  clients: { dynamodb: DynamoDBClient; s3: S3Client; sfn: SFNClient },
  names: { tableName: string; bucket: string; stateMachineArn: string },
): CatalogueTarget => ({
  stage,
  doc: DynamoDBDocumentClient.from(clients.dynamodb, { marshallOptions: { removeUndefinedValues: true } }),
  s3: clients.s3,
  sfn: clients.sfn,
  ...names,
  close() {
    clients.dynamodb.destroy();
    clients.s3.destroy();
    clients.sfn.destroy();
  },
});

/** The sandbox's servers, as sandbox.json (or a boot) gives them. */
export const sandboxTarget = (
  servers: Pick<
    SandboxServers,
    | 'dynamodbEndpoint'
    | 'tableName'
    | 's3Endpoint'
    | 'catalogueBucket'
    | 'sfnEndpoint'
    | 'catalogueStateMachineArn'
  >,
): CatalogueTarget =>
  catalogueTarget(
    'sandbox',
    {
      dynamodb: sandboxDynamoDbClient(servers.dynamodbEndpoint),
      s3: sandboxS3Client(servers.s3Endpoint),
      sfn: new SFNClient({
        endpoint: servers.sfnEndpoint,
        region: SANDBOX_REGION,
        credentials: SANDBOX_CREDENTIALS,
      }),
    },
    {
      tableName: servers.tableName,
      bucket: servers.catalogueBucket,
      stateMachineArn: servers.catalogueStateMachineArn,
    },
  );
