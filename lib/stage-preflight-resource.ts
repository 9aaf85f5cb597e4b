import {
  ArnFormat,
  AspectPriority,
  Aspects,
  CfnResource,
  CustomResource,
  Duration,
  type IAspect,
  Stack,
  Validations,
} from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct, type IConstruct } from 'constructs';
import { preflightProperties } from '#functions/contracts/preflight-properties';
import { deploymentFunctions, reportFunctions } from '#functions/function-registry';
import { ApiFunction } from './api-function';
import { functionEntry } from './project-paths';
import { routeFunctionName } from './resource-names';
import type { StageSettings } from './stage';

export interface StagePreflightProps {
  readonly settings: StageSettings;
}

/**
 * The stage preflight (docs/decisions/stages-and-deploys.md D75): a custom resource, created before every other
 * resource of the stage's stack, whose function checks what the stage needs of the account
 * (API Gateway's logging role; room for the report generator's reserved concurrency) and fails
 * the deploy with what to do before anything else is created. On a protected stage, while a
 * failed first create rolls back, it turns the stack's termination protection off, so that
 * running the same `cdk deploy` again deletes the empty stack and creates it anew.
 */
export class StagePreflight extends Construct {
  readonly handler: ApiFunction;
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: StagePreflightProps) {
    super(scope, id);
    const { settings } = props;
    const stack = Stack.of(this);
    const spec = deploymentFunctions.preflight;
    this.handler = new ApiFunction(this, 'Function', {
      entry: functionEntry(spec.handler),
      functionName: routeFunctionName(settings.stage, spec.name),
      description: "Stage preflight: checks the account before the stage's resources are created or updated",
      settings,
      timeout: Duration.seconds(30),
      memorySize: 256,
    });
    const generator =
      settings.reportGeneratorConcurrency === undefined
        ? undefined
        : {
            functionName: routeFunctionName(settings.stage, reportFunctions.generate.name),
            reservedConcurrency: settings.reportGeneratorConcurrency,
          };

    this.handler.addToRolePolicy(
      new PolicyStatement({
        actions: ['apigateway:GET'],
        resources: [`arn:${stack.partition}:apigateway:${stack.region}::/account`],
      }),
    );
    if (generator) {
      this.handler.addToRolePolicy(
        new PolicyStatement({ actions: ['lambda:GetAccountSettings'], resources: ['*'] }),
      );
      this.handler.addToRolePolicy(
        new PolicyStatement({
          actions: ['lambda:GetFunctionConcurrency'],
          resources: [
            stack.formatArn({
              service: 'lambda',
              resource: 'function',
              resourceName: generator.functionName,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          ],
        }),
      );
    }
    // Its own stack only: the status tells an update's rollback from a first create's.
    this.handler.addToRolePolicy(
      new PolicyStatement({
        actions: [
          'cloudformation:DescribeStacks',
          ...(settings.isProtected ? ['cloudformation:UpdateTerminationProtection'] : []),
        ],
        resources: [stack.stackId],
      }),
    );
    Validations.of(this.handler.role!).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, and the check of the ' +
        "account's Lambda concurrency lambda:GetAccountSettings; none of them supports resource-level " +
        'permissions, so their resource is "*".',
    });

    this.resource = new CustomResource(this, 'Check', {
      serviceToken: this.handler.functionArn,
      resourceType: 'Custom::StagePreflight',
      properties: preflightProperties({
        stageFile: `stages/${settings.stage}.json`,
        isProtected: settings.isProtected,
        ...(generator ? { reportGenerator: generator } : {}),
      }),
      // The function always answers; should an answer be lost, the deploy fails in minutes, not an hour.
      serviceTimeout: Duration.minutes(3),
    });

    Aspects.of(stack).add(new AfterPreflight(this), { priority: AspectPriority.MUTATING });
  }
}

/**
 * Makes every resource of the preflight's stack, but the preflight's own, depend on it. The
 * nested stacks are resources of that stack, so nothing of theirs is created before it either.
 */
class AfterPreflight implements IAspect {
  readonly #preflight: StagePreflight;
  readonly #stack: Stack;

  constructor(preflight: StagePreflight) {
    this.#preflight = preflight;
    this.#stack = Stack.of(preflight);
  }

  visit(node: IConstruct): void {
    if (!CfnResource.isCfnResource(node) || Stack.of(node) !== this.#stack) return;
    if (node.node.scopes.includes(this.#preflight)) return;
    node.addResourceDependency(this.#preflight.resource.node.defaultChild as CfnResource);
  }
}
