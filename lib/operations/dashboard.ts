import { Duration, Stack } from 'aws-cdk-lib';
import {
  type Alarm,
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  type IAlarm,
  type IMetric,
  MathExpression,
  Stats,
  TableSummaryColumn,
  TableWidget,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import {
  METRIC_DIMENSIONS,
  METRIC_NAMES,
  METRICS_NAMESPACE,
  type MetricName,
} from '#functions/contracts/metric-names';
import type { ApiFunction } from '../api-function';
import { withoutStagePrefix } from '../resource-names';
import { physicalName, serviceMetric } from './function-metrics';
import type { OperationsProps } from './operations-props';
import { alarmTopicName, dashboardName } from './settings';

export interface DashboardProps extends OperationsProps {
  /** Every function of the stack. */
  readonly functions: readonly ApiFunction[];
  /** The alarms shown in the status widget. */
  readonly alarms: readonly IAlarm[];
  /** The API's 5xx rate alarm, whose metric and threshold the dashboard graphs. */
  readonly api5xxRate: Alarm;
}

/** The stage's one dashboard: the API, the functions, the batch queues, the reports. */
export function createDashboard(scope: Construct, props: DashboardProps): Dashboard {
  const { settings, api, batches, reports, functions, alarms, api5xxRate } = props;
  const { stage } = settings;
  const minute = Duration.minutes(1);
  const fiveMinutes = Duration.minutes(5);
  const gatewayStage = api.restApi.deploymentStage;
  const short = (fn: ApiFunction) => withoutStagePrefix(stage, physicalName(fn));
  const perFunction = (metric: (fn: ApiFunction) => IMetric) => functions.map((fn) => metric(fn));
  // `id` names the expression's metrics; it must differ between expressions of one graph.
  const sumOf = (id: string, label: string, metrics: readonly IMetric[]) =>
    new MathExpression({
      expression: `SUM([${metrics.map((_, i) => `${id}${i}`).join(', ')}])`,
      usingMetrics: Object.fromEntries(metrics.map((metric, i) => [`${id}${i}`, metric])),
      period: fiveMinutes,
      label,
    });
  const service = (name: MetricName, label: string, period = fiveMinutes) =>
    serviceMetric(stage, name, period, label);
  const byFunctionTable = (title: string, metrics: readonly IMetric[], column: TableSummaryColumn) =>
    new TableWidget({
      title,
      metrics: [...metrics],
      summary: { columns: [column], hideNonSummaryColumns: true },
      setPeriodToTimeRange: true,
      width: 8,
      height: 8,
    });

  const dashboard = new Dashboard(scope, 'Dashboard', {
    dashboardName: dashboardName(stage, Stack.of(scope).region),
    defaultInterval: Duration.hours(3),
  });
  dashboard.addWidgets(
    new TextWidget({
      markdown:
        `# Commerce API, stage ${stage}\n` +
        `Alarms notify the SNS topic \`${alarmTopicName(stage)}\` (stack output AlarmTopicArn). ` +
        'What each alarm means and what to do: docs/operations.md.',
      width: 24,
      height: 2,
    }),
  );
  dashboard.addWidgets(new AlarmStatusWidget({ title: 'Alarms', alarms: [...alarms], width: 24, height: 3 }));

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
        serviceMetric(stage, METRIC_NAMES.reportOrders, fiveMinutes, 'Orders per report (max)').with({
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
