import { Duration } from 'aws-cdk-lib';
import {
  type Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  type Dashboard,
  GraphWidget,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { EVENT_TYPE_NAMES, EVENT_TYPES } from '#functions/contracts/event-types';
import { eventFunctions } from '#functions/function-registry';
import { ApiFunction } from './api-function';
import {
  eventBusName,
  eventsDeadLetterQueueName,
  eventsQueueName,
  eventsRuleName,
  orderEventsSettings,
} from './order-events-settings';
import { functionEntry } from './project-paths';
import { onlyFromQueue } from './redrive-allow';
import { routeFunctionName } from './resource-names';
import type { StageSettings } from './stage';

export interface OrderEventsProps {
  readonly settings: StageSettings;
  /** The table the consumer writes orders and users to. */
  readonly table: ITable;
}

/**
 * Order and user events into the stage (docs/decisions/order-and-user-events.md D47, issue 12): the bus
 * `commerce-api-<stage>`, one rule for our sources and types, the events queue (SSE-SQS, TLS
 * only) with its dead-letter queue, the consumer with partial batch responses, and an alarm on
 * the dead-letter queue. Every number comes from `order-events-settings.ts`, which the sandbox
 * imports too; the sandbox reads the rule's pattern from this construct, synthesized.
 */
export class OrderEvents extends Construct {
  readonly bus: EventBus;
  readonly rule: Rule;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly consumer: ApiFunction;
  readonly alarms: { readonly deadLetters: Alarm };

  constructor(scope: Construct, id: string, props: OrderEventsProps) {
    super(scope, id);
    const { settings, table } = props;
    const { stage } = settings;
    const { queue, deadLetterQueue, consumer, target } = orderEventsSettings;

    this.bus = new EventBus(this, 'Bus', { eventBusName: eventBusName(stage) });

    // SSE-SQS rather than a key of our own, as for the batch queue (lib/batch-queue.ts): EventBridge
    // can send to it without a key policy, and events hold nothing that calls for one.
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      queueName: eventsDeadLetterQueueName(stage),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.seconds(deadLetterQueue.retentionPeriodSeconds),
      visibilityTimeout: Duration.seconds(deadLetterQueue.visibilityTimeoutSeconds),
      removalPolicy: settings.removalPolicy,
      redriveAllowPolicy: onlyFromQueue(this, 'SourceQueueArn', eventsQueueName(stage)),
    });
    this.queue = new Queue(this, 'Queue', {
      queueName: eventsQueueName(stage),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.seconds(queue.retentionPeriodSeconds),
      visibilityTimeout: Duration.seconds(queue.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: queue.maxReceiveCount },
      removalPolicy: settings.removalPolicy,
    });

    // One rule for both sources; the consumer checks that each type comes from its own source.
    this.rule = new Rule(this, 'Rule', {
      ruleName: eventsRuleName(stage),
      description: 'Order and user events of the stage into its events queue',
      eventBus: this.bus,
      eventPattern: {
        source: [...new Set(Object.values(EVENT_TYPES))],
        detailType: [...EVENT_TYPE_NAMES],
      },
    });
    // An event EventBridge cannot hand to the queue (the queue deleted, its policy broken) goes
    // to the same dead-letter queue, so the same alarm tells.
    this.rule.addTarget(
      new SqsQueue(this.queue, {
        deadLetterQueue: this.deadLetterQueue,
        maxEventAge: Duration.seconds(target.maxEventAgeSeconds),
        retryAttempts: target.retryAttempts,
      }),
    );

    this.consumer = new ApiFunction(this, 'Consumer', {
      entry: functionEntry(eventFunctions.consumer.handler),
      functionName: routeFunctionName(stage, eventFunctions.consumer.name),
      description: 'Applies order and user events from the events queue (partial batch responses)',
      settings,
      timeout: Duration.seconds(consumer.timeoutSeconds),
    });
    // Orders, users and the customers' order lists only, with the actions the store calls.
    this.consumer.bindTable(table, eventFunctions.consumer.table);
    this.consumer.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: consumer.batchSize,
        maxBatchingWindow: Duration.seconds(consumer.maxBatchingWindowSeconds),
        reportBatchItemFailures: consumer.reportBatchItemFailures,
        maxConcurrency: consumer.maxConcurrency,
      }),
    );

    this.alarms = {
      // Nothing drains the dead-letter queue: a message there is an event refused 3 times (schema,
      // unknown user or order) or one EventBridge could not deliver. An operator lists it with its
      // reason, fixes the cause and sends it back (`npm run events -- dead-letters`, `redrive`: docs/events.md).
      deadLetters: this.deadLetterQueue
        .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: Stats.MAXIMUM })
        .createAlarm(this, 'DeadLettersAlarm', {
          alarmName: `${eventsDeadLetterQueueName(stage)}-messages-visible`,
          alarmDescription:
            `Events wait in the dead-letter queue of the ${stage} order and user events: they were refused ` +
            '(schema, unknown user or order) or could not be delivered, so their orders or users are missing. ' +
            'List them with `npm run events -- dead-letters --stage ' +
            stage +
            '` and redrive them once fixed (docs/events.md).',
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
    };
  }

  /**
   * Hands the dead-letter alarm to the stage's operations (lib/operations/, made after this
   * construct, since it watches every function): it notifies the alarm topic, and the dashboard
   * gains a row with the alarm and the two queues' depths.
   */
  operate({ topic, dashboard }: { readonly topic: ITopic; readonly dashboard: Dashboard }): void {
    this.alarms.deadLetters.addAlarmAction(new SnsAction(topic));
    const period = Duration.minutes(1);
    dashboard.addWidgets(
      new AlarmStatusWidget({
        title: 'Order and user events',
        alarms: [this.alarms.deadLetters],
        width: 8,
        height: 6,
      }),
      new GraphWidget({
        title: 'Events queue and dead-letter queue: messages visible',
        left: [
          this.queue.metricApproximateNumberOfMessagesVisible({ period, statistic: Stats.MAXIMUM }),
          this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period, statistic: Stats.MAXIMUM }),
        ],
        width: 16,
      }),
    );
  }
}
