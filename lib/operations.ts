import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  type Alarm,
  AlarmRule,
  AlarmStatusWidget,
  ComparisonOperator,
  CompositeAlarm,
  Dashboard,
  GraphWidget,
  type IAlarm,
  type IMetric,
  MathExpression,
  Metric,
  Stats,
  TableSummaryColumn,
  TableWidget,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { STAGE_ENV } from '../functions/commons/environment';
import {
  METRIC_DIMENSIONS,
  METRIC_NAMES,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  type MetricName,
} from '../functions/commons/metric-names';
import { ApiFunction } from './api-function';
import type { BatchQueue } from './batch-queue';
import type { HttpApi } from './http-api';
import type { ReportWorkflow } from './report-workflow';
import { resourceName, stageName, withoutStagePrefix } from './resource-names';
import type { StageSettings } from './stage';

export interface OperationsProps {
  readonly settings: StageSettings;
  readonly api: HttpApi;
  readonly batches: BatchQueue;
  readonly reports: ReportWorkflow;
}

/** The thresholds and windows of the alarms, in one place (the README's "Operating" table quotes them). */
export const ALARM_SETTINGS = {
  /** Share of the stage's requests answered 5xx, in percent, per minute; 3 such minutes out of 5. */
  api5xxRate: {
    thresholdPercent: 5,
    period: Duration.minutes(1),
    evaluationPeriods: 5,
    datapointsToAlarm: 3,
  },
  /** Any error, or any throttle, of one function within 5 minutes. */
  functionErrors: { threshold: 1, period: Duration.minutes(5) },
  functionThrottles: { threshold: 1, period: Duration.minutes(5) },
  /** Any report execution failed or timed out within 5 minutes. */
  executionsFailed: { threshold: 1, period: Duration.minutes(5) },
  /** Any callback given up within 5 minutes. */
  callbacksGivenUp: { threshold: 1, period: Duration.minutes(5) },
} as const;

/** CloudWatch's hard limit on the metrics one alarm may read. */
export const MAX_METRICS_PER_ALARM = 10;

/** An alarm on the sum of one metric (errors or throttles) of a few functions. */
export interface FunctionGroupAlarm {
  readonly alarm: Alarm;
  readonly functions: readonly ApiFunction[];
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Physical names of the stage's alarms (CloudWatch allows 255 characters). */
export const alarmNames = (stage: string) => ({
  api5xxRate: resourceName(stage, 'api-5xx-rate'),
  functionErrors: resourceName(stage, 'function-errors'),
  functionThrottles: resourceName(stage, 'function-throttles'),
  executionsFailed: resourceName(stage, 'report-executions-failed'),
  callbacksGivenUp: resourceName(stage, 'callbacks-given-up'),
});

export const alarmTopicName = (stage: string): string => resourceName(stage, 'alarms');
export const dashboardName = (stage: string): string => stageName(stage);

/** The physical name a function was given (a plain string, unlike `functionName`, a token). */
const physicalName = (fn: ApiFunction): string => {
  const name = (fn.node.defaultChild as CfnFunction).functionName;
  if (typeof name !== 'string') throw new Error(`${fn.node.path} has no physical name`);
  return name;
};

/**
 * What an operator of one stage looks at and is told about: the stage's metrics configuration
 * (the `stage` dimension of the service's own metrics, `functions/commons/metrics.ts`), its
 * alarms, one SNS topic that every alarm notifies, and one dashboard.
 *
 * Function errors and throttles: what an operator wants is one alarm per concern ("a function
 * failed", "a function was throttled") that notifies once per incident, and a quick way to see
 * which function. One alarm cannot sum every function's metric (an alarm reads at most 10
 * metrics, a hard limit; the stage has over 30 functions), and an alarm per function would send
 * one message per function when a shared cause (the table, the account's concurrency) fails many
 * at once, and would add some 70 resources to a stack that CloudFormation caps at 500. So: alarms
 * over groups of at most 10 functions (sum of their errors, or throttles), without actions,
 * gathered by two composite alarms that alone notify the topic; the composite's reason names
 * the group, the dashboard's tables the function.
 */
export class Operations extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  /** Every function of the stack, as found when the construct was made (make it last). */
  readonly functions: readonly ApiFunction[];
  readonly alarms: {
    readonly api5xxRate: Alarm;
    readonly executionsFailed: Alarm;
    readonly callbacksGivenUp: Alarm;
    readonly functionErrors: CompositeAlarm;
    readonly functionThrottles: CompositeAlarm;
  };
  /** The alarms the composites gather, each over at most 10 functions; they notify nobody themselves. */
  readonly functionErrorGroups: readonly FunctionGroupAlarm[];
  readonly functionThrottleGroups: readonly FunctionGroupAlarm[];
  /** Functions whose errors are not in the function errors alarm, and why. */
  readonly functionsWithoutErrorsAlarm: ReadonlyMap<ApiFunction, string>;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const { settings, api, batches, reports } = props;
    const { stage } = settings;
    const names = alarmNames(stage);

    this.functions = Stack.of(this)
      .node.findAll()
      .filter((construct): construct is ApiFunction => construct instanceof ApiFunction);
    // The `stage` dimension of every metric the functions emit.
    for (const fn of this.functions) fn.addEnvironment(STAGE_ENV, stage);

    this.topic = this.alarmTopic(settings);
    const notify = new SnsAction(this.topic);

    // --- The API's 5xx rate: API Gateway's own metrics of the stage, so it also counts the 5xx
    // that no function answered (integration failures, timeouts, throttled functions).
    const gatewayStage = api.restApi.deploymentStage;
    const rate = ALARM_SETTINGS.api5xxRate;
    const api5xxRate = new MathExpression({
      expression: 'IF(requests > 0, 100 * FILL(errors, 0) / requests, 0)',
      usingMetrics: {
        errors: gatewayStage.metricServerError({ statistic: Stats.SUM, period: rate.period }),
        requests: gatewayStage.metricCount({ statistic: Stats.SUM, period: rate.period }),
      },
      period: rate.period,
      label: '5xx rate (%)',
    });
    const api5xxRateAlarm = api5xxRate.createAlarm(this, 'Api5xxRateAlarm', {
      alarmName: names.api5xxRate,
      alarmDescription:
        `More than ${rate.thresholdPercent}% of the ${stage} API's requests were answered 5xx in ` +
        `${rate.datapointsToAlarm} of the last ${rate.evaluationPeriods} minutes. ` +
        'See the README, section Operating.',
      threshold: rate.thresholdPercent,
      evaluationPeriods: rate.evaluationPeriods,
      datapointsToAlarm: rate.datapointsToAlarm,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // --- Function errors and throttles: alarms over groups of functions, gathered by two composites.
    const errorsAlarmedElsewhere = new Map<ApiFunction, string>(
      [
        [
          api.authorizerFunction,
          'it throws Unauthorized for every refused token, which is how a TOKEN authorizer makes API ' +
            'Gateway answer 401: its errors are the API’s 401s',
        ],
        [
          reports.generator,
          'a report it cannot make (too many orders, storage failing after the retries) fails the task on ' +
            'purpose and the execution fails: the report executions alarm',
        ],
        [
          reports.callbackSender,
          'a partner that refuses the callback fails the task on purpose, for the state machine to try ' +
            'again: the callbacks given up alarm',
        ],
        [batches.deadLetterRecorder, 'it has its own errors alarm (BatchQueue)'],
      ].filter((entry): entry is [ApiFunction, string] => entry[0] !== undefined),
    );
    this.functionsWithoutErrorsAlarm = errorsAlarmedElsewhere;
    const groupAlarms = (
      kind: 'errors' | 'throttles',
      functions: readonly ApiFunction[],
      describe: (names: string) => string,
    ): FunctionGroupAlarm[] => {
      const { threshold, period } =
        ALARM_SETTINGS[kind === 'errors' ? 'functionErrors' : 'functionThrottles'];
      const groups = chunks(
        [...functions].sort((a, b) => physicalName(a).localeCompare(physicalName(b))),
        MAX_METRICS_PER_ALARM,
      );
      return groups.map((group, i) => {
        const metrics = group.map((fn) =>
          kind === 'errors'
            ? fn.metricErrors({ statistic: Stats.SUM, period })
            : fn.metricThrottles({ statistic: Stats.SUM, period }),
        );
        const alarm = new MathExpression({
          expression: `SUM([${metrics.map((_, j) => `m${j}`).join(', ')}])`,
          usingMetrics: Object.fromEntries(metrics.map((metric, j) => [`m${j}`, metric])),
          period,
          label: `${kind} of ${group.length} functions`,
        }).createAlarm(this, `Function${kind === 'errors' ? 'Errors' : 'Throttles'}Group${i + 1}`, {
          alarmName: `${kind === 'errors' ? names.functionErrors : names.functionThrottles}-${i + 1}`,
          alarmDescription: describe(
            group.map((fn) => withoutStagePrefix(stage, physicalName(fn))).join(', '),
          ),
          threshold,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        });
        return { alarm, functions: group };
      });
    };
    this.functionErrorGroups = groupAlarms(
      'errors',
      this.functions.filter((fn) => !errorsAlarmedElsewhere.has(fn)),
      (members) =>
        `One of these ${stage} functions failed (an exception, a timeout or a crash): ${members}. ` +
        `Which one: the dashboard's "Errors by function"; its logs: /aws/lambda/${resourceName(stage, '<function>')}.`,
    );
    this.functionThrottleGroups = groupAlarms(
      'throttles',
      this.functions,
      (members) =>
        `Lambda refused to run one of these ${stage} functions (throttled): ${members}. ` +
        `Which one: the dashboard's "Throttles by function".`,
    );
    const excluded = [...errorsAlarmedElsewhere]
      .map(([fn, reason]) => `${withoutStagePrefix(stage, physicalName(fn))}: ${reason}`)
      .join('; ');
    const functionErrors = new CompositeAlarm(this, 'FunctionErrorsAlarm', {
      compositeAlarmName: names.functionErrors,
      alarmDescription:
        `A function of the ${stage} stage failed; the reason names the group alarm, the dashboard the function. ` +
        `Not counted here: ${excluded}.`,
      alarmRule: AlarmRule.anyOf(...this.functionErrorGroups.map((group) => group.alarm)),
    });
    const functionThrottles = new CompositeAlarm(this, 'FunctionThrottlesAlarm', {
      compositeAlarmName: names.functionThrottles,
      alarmDescription:
        `A function of the ${stage} stage was throttled; the reason names the group alarm, the dashboard ` +
        'the function.',
      alarmRule: AlarmRule.anyOf(...this.functionThrottleGroups.map((group) => group.alarm)),
    });

    // --- Report executions that failed or timed out.
    const failedExecutions = new MathExpression({
      expression: 'FILL(failed, 0) + FILL(timedOut, 0)',
      usingMetrics: {
        failed: reports.stateMachine.metricFailed({
          statistic: Stats.SUM,
          period: ALARM_SETTINGS.executionsFailed.period,
        }),
        timedOut: reports.stateMachine.metricTimedOut({
          statistic: Stats.SUM,
          period: ALARM_SETTINGS.executionsFailed.period,
        }),
      },
      period: ALARM_SETTINGS.executionsFailed.period,
      label: 'Executions failed or timed out',
    });
    const executionsFailed = failedExecutions.createAlarm(this, 'ReportExecutionsFailedAlarm', {
      alarmName: names.executionsFailed,
      alarmDescription:
        `A report execution of the ${stage} stage failed or timed out: its report is FAILED. ` +
        'The execution history says which state failed and why.',
      threshold: ALARM_SETTINGS.executionsFailed.threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    // --- Callbacks given up, from the metric the workflow emits.
    const callbacksGivenUp = this.serviceMetric(
      stage,
      METRIC_NAMES.callbacksGivenUp,
      ALARM_SETTINGS.callbacksGivenUp.period,
    ).createAlarm(this, 'CallbacksGivenUpAlarm', {
      alarmName: names.callbacksGivenUp,
      alarmDescription:
        `A partner of the ${stage} stage was not notified of a finished report after every retry (4 h 15 min). ` +
        'The report itself is available; the job records NOTIFICATION_FAILED.',
      threshold: ALARM_SETTINGS.callbacksGivenUp.threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });

    this.alarms = {
      api5xxRate: api5xxRateAlarm,
      executionsFailed,
      callbacksGivenUp,
      functionErrors,
      functionThrottles,
    };
    // Every alarm an operator acts on notifies the topic; the dead-letter alarms are BatchQueue's.
    const notifying: (Alarm | CompositeAlarm)[] = [
      ...Object.values(this.alarms),
      ...Object.values(batches.alarms),
    ];
    for (const alarm of notifying) alarm.addAlarmAction(notify);

    const groups = [...this.functionErrorGroups, ...this.functionThrottleGroups].map((group) => group.alarm);
    this.dashboard = this.buildDashboard(props, [...notifying, ...groups], api5xxRateAlarm);
  }

  /** One of the service's own metrics of this stage (EMF, dimensions `service` and `stage`). */
  private serviceMetric(stage: string, metricName: MetricName, period: Duration, label?: string): Metric {
    return new Metric({
      namespace: METRICS_NAMESPACE,
      metricName,
      dimensionsMap: {
        [METRIC_DIMENSIONS.service]: METRICS_SERVICE,
        [METRIC_DIMENSIONS.stage]: stage,
      },
      statistic: Stats.SUM,
      period,
      ...(label ? { label } : {}),
    });
  }

  /**
   * The topic every alarm notifies: an operator subscribes once (e-mail, chat, paging) to the
   * stack output `AlarmTopicArn`. Encrypted under a key of its own, because CloudWatch cannot use
   * the AWS managed key of SNS (its policy cannot let CloudWatch in); TLS only.
   */
  private alarmTopic(settings: StageSettings): Topic {
    const stack = Stack.of(this);
    const key = new Key(this, 'AlarmTopicKey', {
      alias: `alias/${alarmTopicName(settings.stage)}`,
      description: `Encrypts the ${settings.stage} alarm notifications (SNS topic ${alarmTopicName(settings.stage)})`,
      enableKeyRotation: true,
      // It protects notifications in flight only, and the topic goes with the stack: so does the key.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    });
    // What CloudWatch needs to publish to an encrypted topic (CloudWatch documentation).
    key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowCloudWatchAlarmsToUseTheKey',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    const topic = new Topic(this, 'AlarmTopic', {
      topicName: alarmTopicName(settings.stage),
      displayName: `Commerce API ${settings.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    // The topic policy replaces SNS's default one: let this account's alarms publish, nobody else's.
    topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'AllowThisAccountsAlarmsToPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*`,
          },
        },
      }),
    );
    return topic;
  }

  private buildDashboard(props: OperationsProps, alarms: readonly IAlarm[], api5xxRate: Alarm): Dashboard {
    const { settings, api, batches, reports } = props;
    const { stage } = settings;
    const minute = Duration.minutes(1);
    const fiveMinutes = Duration.minutes(5);
    const gatewayStage = api.restApi.deploymentStage;
    const short = (fn: ApiFunction) => withoutStagePrefix(stage, physicalName(fn));
    const perFunction = (metric: (fn: ApiFunction) => IMetric) => this.functions.map((fn) => metric(fn));
    // `id` names the expression's metrics; it must differ between expressions of one graph.
    const sumOf = (id: string, label: string, metrics: readonly IMetric[]) =>
      new MathExpression({
        expression: `SUM([${metrics.map((_, i) => `${id}${i}`).join(', ')}])`,
        usingMetrics: Object.fromEntries(metrics.map((metric, i) => [`${id}${i}`, metric])),
        period: fiveMinutes,
        label,
      });
    const service = (name: MetricName, label: string, period = fiveMinutes) =>
      this.serviceMetric(stage, name, period, label);
    const byFunctionTable = (title: string, metrics: readonly IMetric[], column: TableSummaryColumn) =>
      new TableWidget({
        title,
        metrics: [...metrics],
        summary: { columns: [column], hideNonSummaryColumns: true },
        setPeriodToTimeRange: true,
        width: 8,
        height: 8,
      });

    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: dashboardName(stage),
      defaultInterval: Duration.hours(3),
    });
    dashboard.addWidgets(
      new TextWidget({
        markdown:
          `# Commerce API, stage ${stage}\n` +
          `Alarms notify the SNS topic \`${alarmTopicName(stage)}\` (stack output AlarmTopicArn). ` +
          'What each alarm means and what to do: README, section Operating.',
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new AlarmStatusWidget({ title: 'Alarms', alarms: [...alarms], width: 24, height: 3 }),
    );

    // The API, as API Gateway sees the stage.
    dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests, 4xx and 5xx',
        left: [
          gatewayStage.metricCount({ statistic: Stats.SUM, period: minute, label: 'Requests' }),
          gatewayStage.metricClientError({ statistic: Stats.SUM, period: minute, label: '4xx' }),
          gatewayStage.metricServerError({ statistic: Stats.SUM, period: minute, label: '5xx' }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'API 5xx rate (%)',
        left: [api5xxRate.metric],
        leftAnnotations: [api5xxRate.toAnnotation()],
        width: 8,
      }),
      new GraphWidget({
        title: 'API latency (ms)',
        left: [
          gatewayStage.metricLatency({ statistic: Stats.p(50), period: minute, label: 'Latency p50' }),
          gatewayStage.metricLatency({ statistic: Stats.p(99), period: minute, label: 'Latency p99' }),
          gatewayStage.metricIntegrationLatency({
            statistic: Stats.p(99),
            period: minute,
            label: 'Integration latency p99',
          }),
        ],
        width: 8,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Requests by route and status (the functions’ metric)',
        left: [
          new MathExpression({
            expression:
              `SEARCH('{${METRICS_NAMESPACE},${METRIC_DIMENSIONS.service},${METRIC_DIMENSIONS.stage},` +
              `${METRIC_DIMENSIONS.route},${METRIC_DIMENSIONS.status}} MetricName="${METRIC_NAMES.requests}" ` +
              `${METRIC_DIMENSIONS.stage}="${stage}"', 'Sum', 300)`,
            label: '',
            period: fiveMinutes,
          }),
        ],
        width: 24,
        height: 8,
      }),
    );

    // The functions: totals, then which ones.
    const errors = perFunction((fn) =>
      fn.metricErrors({ statistic: Stats.SUM, period: fiveMinutes, label: short(fn) }),
    );
    const throttles = perFunction((fn) =>
      fn.metricThrottles({ statistic: Stats.SUM, period: fiveMinutes, label: short(fn) }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Function errors and throttles (all functions)',
        left: [sumOf('errors', 'Errors', errors), sumOf('throttles', 'Throttles', throttles)],
        width: 8,
        height: 8,
      }),
      byFunctionTable('Errors by function', errors, TableSummaryColumn.SUM),
      byFunctionTable('Throttles by function', throttles, TableSummaryColumn.SUM),
    );
    dashboard.addWidgets(
      byFunctionTable(
        'Invocations by function',
        perFunction((fn) =>
          fn.metricInvocations({ statistic: Stats.SUM, period: fiveMinutes, label: short(fn) }),
        ),
        TableSummaryColumn.SUM,
      ),
      byFunctionTable(
        'Duration p99 by function (ms, highest)',
        perFunction((fn) =>
          fn.metricDuration({ statistic: Stats.p(99), period: fiveMinutes, label: short(fn) }),
        ),
        TableSummaryColumn.MAXIMUM,
      ),
      byFunctionTable(
        'Duration max by function (ms)',
        perFunction((fn) =>
          fn.metricDuration({ statistic: Stats.MAXIMUM, period: fiveMinutes, label: short(fn) }),
        ),
        TableSummaryColumn.MAXIMUM,
      ),
    );

    // Order batches: the queues, then what the processor and the dead-letter recorder did.
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Batch queue: messages visible, and age of the oldest (s)',
        left: [
          batches.queue.metricApproximateNumberOfMessagesVisible({
            statistic: Stats.MAXIMUM,
            period: minute,
            label: 'Visible',
          }),
          batches.queue.metricApproximateNumberOfMessagesNotVisible({
            statistic: Stats.MAXIMUM,
            period: minute,
            label: 'In flight',
          }),
        ],
        right: [
          batches.queue.metricApproximateAgeOfOldestMessage({
            statistic: Stats.MAXIMUM,
            period: minute,
            label: 'Oldest (s)',
          }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'Dead-letter queue: messages visible, and age of the oldest (s)',
        left: [
          batches.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
            statistic: Stats.MAXIMUM,
            period: minute,
            label: 'Visible',
          }),
        ],
        leftAnnotations: [batches.alarms.deadLetters.toAnnotation()],
        right: [
          batches.deadLetterQueue.metricApproximateAgeOfOldestMessage({
            statistic: Stats.MAXIMUM,
            period: minute,
            label: 'Oldest (s)',
          }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'Batches completed, items processed and failed, chunks dead-lettered',
        left: [
          service(METRIC_NAMES.batchItemsProcessed, 'Items processed'),
          service(METRIC_NAMES.batchItemsFailed, 'Items failed'),
        ],
        right: [
          service(METRIC_NAMES.batchesCompleted, 'Batches completed'),
          service(METRIC_NAMES.batchChunksDeadLettered, 'Chunks dead-lettered'),
        ],
        width: 8,
      }),
    );

    // Reports: executions, what they produced, and the partners' callbacks.
    const sfn = reports.stateMachine;
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Report executions',
        left: [
          sfn.metricStarted({ statistic: Stats.SUM, period: fiveMinutes, label: 'Started' }),
          sfn.metricSucceeded({ statistic: Stats.SUM, period: fiveMinutes, label: 'Succeeded' }),
          sfn.metricFailed({ statistic: Stats.SUM, period: fiveMinutes, label: 'Failed' }),
          sfn.metricTimedOut({ statistic: Stats.SUM, period: fiveMinutes, label: 'Timed out' }),
        ],
        right: [sfn.metricTime({ statistic: Stats.p(99), period: fiveMinutes, label: 'Duration p99 (ms)' })],
        width: 8,
      }),
      new GraphWidget({
        title: 'Reports generated and failed, orders per report',
        left: [
          service(METRIC_NAMES.reportsGenerated, 'Generated'),
          service(METRIC_NAMES.reportsFailed, 'Failed'),
        ],
        right: [
          this.serviceMetric(stage, METRIC_NAMES.reportOrders, fiveMinutes, 'Orders per report (max)').with({
            statistic: Stats.MAXIMUM,
          }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'Callbacks delivered, attempts refused, given up',
        left: [
          service(METRIC_NAMES.callbacksDelivered, 'Delivered'),
          service(METRIC_NAMES.callbackAttemptsFailed, 'Attempts refused or unanswered'),
          service(METRIC_NAMES.callbacksGivenUp, 'Given up'),
        ],
        width: 8,
      }),
    );
    return dashboard;
  }
}
