import { type Duration, Validations } from 'aws-cdk-lib';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import {
  DefinitionBody,
  type IChainable,
  LogLevel,
  StateMachine,
  StateMachineType,
} from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { resourceName } from './resource-names';
import type { StageSettings } from './stage';

export interface WorkflowStateMachineProps {
  readonly settings: StageSettings;
  /** What the stage's state machine is named after: `commerce-api-<stage>-<what>`. */
  readonly what: string;
  readonly definition: IChainable;
  readonly timeout: Duration;
}

/**
 * A Standard state machine of the stack, built the one way all of them are: named after the
 * stage, traced, logging every state and error to a log group of its own with the stage's
 * retention, but not the execution data (inputs and outputs may hold callback URLs or file
 * names a log reader need not see).
 */
export function workflowStateMachine(scope: Construct, props: WorkflowStateMachineProps): StateMachine {
  const { settings } = props;
  const name = resourceName(settings.stage, props.what);
  const logs = new LogGroup(scope, 'StateMachineLogs', {
    logGroupName: `/aws/vendedlogs/states/${name}`,
    retention: settings.logRetention,
    removalPolicy: settings.removalPolicy,
  });
  const stateMachine = new StateMachine(scope, 'StateMachine', {
    stateMachineName: name,
    stateMachineType: StateMachineType.STANDARD,
    definitionBody: DefinitionBody.fromChainable(props.definition),
    timeout: props.timeout,
    tracingEnabled: true,
    logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
  });
  // The invoke grants name the task functions alone (ApiFunction leaves out `<arn>:*`).
  Validations.of(stateMachine.role).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'CDK adds these for tracing and logging, as the Step Functions documentation lists them: ' +
      'xray:PutTraceSegments, PutTelemetryRecords, GetSamplingRules and GetSamplingTargets, and the ' +
      'CloudWatch Logs log-delivery actions (Create/Get/Update/Delete/ListLogDeliveries, PutResourcePolicy, ' +
      'DescribeResourcePolicies, DescribeLogGroups). The X-Ray and log-delivery actions do not support ' +
      'resource-level permissions, so their resource is "*"; which log group receives the execution logs ' +
      "is set by the state machine's LoggingConfiguration, not by this policy.",
  });
  return stateMachine;
}
