import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import {
  type BundlingOptions,
  NodejsFunction,
  type NodejsFunctionProps,
  OutputFormat,
} from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { SERVICE_NAME, SERVICE_NAME_ENV, STAGE_ENV, TABLE_NAME_ENV } from '#functions/contracts/environment';
import type { TableAccess } from '#functions/contracts/function-table-access';
import { functionsDir, lockFile, projectRoot } from './project-paths';
import type { StageSettings } from './stage';
import { tableStatements } from './table-statements';

export interface ApiFunctionProps extends Omit<NodejsFunctionProps, 'role' | 'logGroup'> {
  /** Absolute path of the handler module. */
  readonly entry: string;
  /** Physical name; also names the log group (`/aws/lambda/<functionName>`). */
  readonly functionName: string;
  readonly settings: StageSettings;
}

/**
 * ESM bundles that include the AWS SDK need `require` for its CommonJS dependencies
 * (docs/architecture.md "Toolchain"), hence the banner.
 */
const CREATE_REQUIRE_BANNER =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * How every function is bundled (exported so that `npm run bench` builds the bundles it
 * measures with exactly these options, bench/bundles.ts).
 */
export const API_FUNCTION_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  minify: true,
  target: 'node24',
  sourceMap: false,
  mainFields: ['module', 'main'],
  // Bundle the AWS SDK: one file loads faster at cold start than the runtime's copy.
  externalModules: [],
  banner: CREATE_REQUIRE_BANNER,
  esbuildArgs: {
    // Lambda hands credentials over in env vars; see the module for the size it saves.
    '--alias:@aws-sdk/credential-provider-node': `${functionsDir}/commons/aws/env-credentials.ts`,
    '--legal-comments': 'none',
  },
};

/**
 * A `NodejsFunction` with the project's defaults fixed once: Node.js 24 on arm64, X-Ray
 * tracing, its own log group with a retention, a role that may write only to that log group,
 * and an ESM bundle that carries the AWS SDK.
 */
export class ApiFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const { settings, functionName, ...rest } = props;
    if (functionName.length > 64) {
      throw new Error(
        `Function name ${functionName} is longer than Lambda's 64 characters; shorten the stage or route name.`,
      );
    }

    // Explicit log group: retention and removal policy by stage instead of "never expire".
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      logGroupName: `/aws/lambda/${functionName}`,
      retention: settings.logRetention,
      removalPolicy: settings.removalPolicy,
    });
    // Own role instead of the default one with AWSLambdaBasicExecutionRole (logs:* on every
    // log group): this function may write to its own log group only.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${functionName}`,
    });
    logGroup.grantWrite(role);

    super(scope, id, {
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      tracing: Tracing.ACTIVE,
      memorySize: 512,
      timeout: Duration.seconds(10),
      ...rest,
      functionName,
      role,
      logGroup,
      projectRoot,
      depsLockFilePath: lockFile,
      environment: {
        [SERVICE_NAME_ENV]: SERVICE_NAME,
        LOG_LEVEL: 'INFO',
        // The `stage` dimension of every metric the function emits.
        [STAGE_ENV]: settings.stage,
        ...rest.environment,
      },
      bundling: { ...API_FUNCTION_BUNDLING, ...rest.bundling },
    });

    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which do not support ' +
        'resource-level permissions, so their resource is "*".',
    });
  }

  /**
   * What `grantInvoke` (and Step Functions' `LambdaInvoke`) may invoke: the function itself. CDK's
   * default adds `<arn>:*`, every version and alias; these functions publish none and are always
   * invoked by their unqualified ARN, so the wildcard would only widen the grant.
   */
  override get resourceArnsForGrantInvoke(): string[] {
    return [this.functionArn];
  }

  /**
   * Tells the function its table (env `TABLE_NAME`) and grants it exactly its table access
   * (docs/decisions/functions-and-bundles.md D53): one statement per grant, the grant's actions on the table or the named
   * index, under a `dynamodb:LeadingKeys` condition on the grant's key patterns.
   */
  bindTable(table: ITable, access: TableAccess): void {
    this.addEnvironment(TABLE_NAME_ENV, table.tableName);
    for (const statement of tableStatements(table, access)) this.addToRolePolicy(statement);
  }
}
