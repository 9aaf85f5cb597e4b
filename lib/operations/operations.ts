import { Stack } from 'aws-cdk-lib';
import type { Alarm, CompositeAlarm, Dashboard } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { ApiFunction } from '../api-function';
import { createAlarmTopic } from './alarm-topic';
import { createStageAlarms, type FunctionGroupAlarm, type StageAlarms } from './alarms';
import { createDashboard } from './dashboard';
import type { OperationsProps } from './operations-props';

/**
 * What an operator of one stage looks at and is told about: its alarms (alarms.ts), one SNS
 * topic that every alarm an operator acts on notifies (alarm-topic.ts), and one dashboard
 * (dashboard.ts). Make it last: it watches every function of the stack.
 */
export class Operations extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  /** Every function of the stack, as found when the construct was made. */
  readonly functions: readonly ApiFunction[];
  readonly alarms: StageAlarms['alarms'];
  readonly functionErrorGroups: readonly FunctionGroupAlarm[];
  readonly functionThrottleGroups: readonly FunctionGroupAlarm[];
  readonly functionsWithoutErrorsAlarm: ReadonlyMap<ApiFunction, string>;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    this.functions = Stack.of(this)
      .node.findAll()
      .filter((construct): construct is ApiFunction => construct instanceof ApiFunction);

    this.topic = createAlarmTopic(this, props.settings);
    const stageAlarms = createStageAlarms(this, props, this.functions);
    this.alarms = stageAlarms.alarms;
    this.functionErrorGroups = stageAlarms.functionErrorGroups;
    this.functionThrottleGroups = stageAlarms.functionThrottleGroups;
    this.functionsWithoutErrorsAlarm = stageAlarms.functionsWithoutErrorsAlarm;

    // Every alarm an operator acts on notifies the topic; the dead-letter alarms are BatchQueue's.
    const notify = new SnsAction(this.topic);
    const notifying: (Alarm | CompositeAlarm)[] = [
      ...Object.values(this.alarms),
      ...Object.values(props.batches.alarms),
    ];
    for (const alarm of notifying) alarm.addAlarmAction(notify);

    const groups = [...this.functionErrorGroups, ...this.functionThrottleGroups].map((group) => group.alarm);
    this.dashboard = createDashboard(this, {
      ...props,
      functions: this.functions,
      alarms: [...notifying, ...groups],
      api5xxRate: this.alarms.api5xxRate,
    });
  }
}
