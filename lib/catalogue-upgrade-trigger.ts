import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  type AwsSdkCall,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { UPGRADE_START } from '#functions/contracts/publish-workflow-contract';
import { resourceName } from './resource-names';
import type { StageSettings } from './stage';

export interface UpgradeTriggerProps {
  readonly settings: StageSettings;
  /** The publish workflow the upgrade runs in. */
  readonly stateMachine: StateMachine;
  /** Its task function: the trigger waits for it (the upgrade runs this code's task). */
  readonly publishStep: IFunction;
}

/**
 * The deploy's start of an upgrade (docs/decisions/catalogue-versions.md D73): a custom resource that starts the
 * publish workflow with UPGRADE_START when it is created and whenever its properties change. The
 * code's layout is in its input, so a deploy that raises the layout runs it again, after the
 * task function it needs (the state machine names it, so CloudFormation updates it first); any
 * other deploy leaves it alone. The sandbox starts the same call at every start, read from here
 * (local/catalogue/sandbox-catalogue.ts).
 */
export function catalogueUpgradeTrigger(
  scope: Construct,
  { settings, stateMachine, publishStep }: UpgradeTriggerProps,
): AwsCustomResource {
  const start: AwsSdkCall = {
    service: '@aws-sdk/client-sfn',
    action: 'StartExecution',
    parameters: {
      stateMachineArn: stateMachine.stateMachineArn,
      input: JSON.stringify(UPGRADE_START),
    },
    physicalResourceId: PhysicalResourceId.fromResponse('executionArn'),
  };
  const functionName = resourceName(settings.stage, 'catalogue-upgrade-trigger');
  // Its provider function's log group, kept and removed like every other of the stage's.
  const logGroup = new LogGroup(scope, 'UpgradeTriggerLogs', {
    logGroupName: `/aws/lambda/${functionName}`,
    retention: settings.logRetention,
    removalPolicy: settings.removalPolicy,
  });
  // A role of its own rather than the managed basic execution role: it may write its own log
  // group and start this state machine (the policy below), nothing else.
  const role = new Role(scope, 'UpgradeTriggerRole', {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: 'Starts the catalogue upgrade after a deploy (docs/decisions/catalogue-versions.md D73)',
  });
  logGroup.grantWrite(role);
  const trigger = new AwsCustomResource(scope, 'UpgradeTrigger', {
    resourceType: 'Custom::CatalogueUpgrade',
    onCreate: start,
    onUpdate: start,
    role,
    policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [stateMachine.stateMachineArn] }),
    // The runtime's own SDK: no download from npm in the middle of a deploy.
    installLatestAwsSdk: false,
    logGroup,
    functionName,
  });
  trigger.node.addDependency(publishStep);
  return trigger;
}
