import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { SANDBOX_STAGE } from './sandbox-identity';

/** The part of an `AWS::DynamoDB::Table`'s properties that shapes the data (names as in CloudFormation). */
export interface CfnTableProperties {
  readonly TableName?: unknown;
  readonly KeySchema: CreateTableCommandInput['KeySchema'];
  readonly AttributeDefinitions: CreateTableCommandInput['AttributeDefinitions'];
  readonly BillingMode?: string;
  readonly ProvisionedThroughput?: { ReadCapacityUnits: number; WriteCapacityUnits: number };
  readonly GlobalSecondaryIndexes?: readonly CfnIndex[];
  readonly LocalSecondaryIndexes?: readonly CfnIndex[];
  readonly [other: string]: unknown;
}

interface CfnIndex {
  readonly IndexName: string;
  readonly KeySchema: NonNullable<CreateTableCommandInput['KeySchema']>;
  readonly Projection: { ProjectionType?: string; NonKeyAttributes?: string[] };
  readonly ProvisionedThroughput?: { ReadCapacityUnits: number; WriteCapacityUnits: number };
}

/** Used when the construct leaves the name to CloudFormation (then it is a token, not a string). */
export const DEFAULT_SANDBOX_TABLE_NAME = 'commerce-api-sandbox';

/**
 * Translates the synthesized table resource into a CreateTable request. Only keys, indexes and
 * billing cross over: encryption, point-in-time recovery, deletion protection and TTL change
 * nothing a function can observe here, and dynalite does not implement them.
 */
export function createTableInput(properties: CfnTableProperties): CreateTableCommandInput {
  const billingMode = properties.BillingMode === 'PAY_PER_REQUEST' ? 'PAY_PER_REQUEST' : 'PROVISIONED';
  const index = (i: CfnIndex, withThroughput: boolean) => ({
    IndexName: i.IndexName,
    KeySchema: i.KeySchema,
    Projection: i.Projection as NonNullable<
      CreateTableCommandInput['GlobalSecondaryIndexes']
    >[number]['Projection'],
    ...(withThroughput && billingMode === 'PROVISIONED'
      ? { ProvisionedThroughput: i.ProvisionedThroughput ?? properties.ProvisionedThroughput }
      : {}),
  });
  return {
    TableName: typeof properties.TableName === 'string' ? properties.TableName : DEFAULT_SANDBOX_TABLE_NAME,
    KeySchema: properties.KeySchema,
    AttributeDefinitions: properties.AttributeDefinitions,
    BillingMode: billingMode,
    ...(billingMode === 'PROVISIONED' ? { ProvisionedThroughput: properties.ProvisionedThroughput } : {}),
    ...(properties.GlobalSecondaryIndexes?.length
      ? { GlobalSecondaryIndexes: properties.GlobalSecondaryIndexes.map((i) => index(i, true)) }
      : {}),
    ...(properties.LocalSecondaryIndexes?.length
      ? { LocalSecondaryIndexes: properties.LocalSecondaryIndexes.map((i) => index(i, false)) }
      : {}),
  };
}

/**
 * Synthesizes the stack's storage construct alone in a throwaway stack (about 0.5 s; the whole
 * stack would synthesize every function and the API too) and reads its table back. aws-cdk-lib
 * is imported here, lazily, so a warm start that does not need it does not pay for it.
 */
export async function synthesizeTableInput(): Promise<CreateTableCommandInput> {
  const [{ App, Stack }, { CommerceTable }, { stageSettings, THROWAWAY_STAGE_FILE }] = await Promise.all([
    import('aws-cdk-lib'),
    import('#lib/storage'),
    import('#lib/stage'),
  ]);
  const app = new App({
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  const stack = new Stack(app, 'SandboxStorage');
  new CommerceTable(stack, 'Storage', { settings: stageSettings(SANDBOX_STAGE, THROWAWAY_STAGE_FILE) });
  const template = app.synth().getStackByName(stack.stackName).template as {
    Resources: Record<string, { Type: string; Properties: CfnTableProperties }>;
  };
  const tables = Object.values(template.Resources).filter((r) => r.Type === 'AWS::DynamoDB::Table');
  if (tables.length !== 1)
    throw new Error(`Expected one table in the storage construct, found ${tables.length}`);
  return createTableInput(tables[0]!.Properties);
}
