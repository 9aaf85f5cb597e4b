import type { Duration } from 'aws-cdk-lib';
import {
  Alarm,
  AlarmRule,
  ComparisonOperator,
  CompositeAlarm,
  type IMetric,
  MathExpression,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { METRIC_NAMES, type MetricName } from '#functions/contracts/metric-names';
import type { ApiFunction } from '../api-function';
import { resourceName, withoutStagePrefix } from '../resource-names';
import { chunks, physicalName, serviceMetric } from './function-metrics';
import type { OperationsProps } from './operations-props';
import { ALARM_SETTINGS, alarmNames, MAX_METRICS_PER_ALARM } from './settings';

/** An alarm on the sum of one metric (errors or throttles) of a few functions. */
export interface FunctionGroupAlarm {
  readonly alarm: Alarm;
  readonly functions: readonly ApiFunction[];
}

export interface StageAlarms {
  readonly alarms: {
    readonly api5xxRate: Alarm;
    readonly executionsFailed: Alarm;
    readonly callbacksGivenUp: Alarm;
    readonly cataloguePublishFailed: Alarm;
    readonly catalogueRemovalFailed: Alarm;
    readonly functionErrors: CompositeAlarm;
    readonly functionThrottles: CompositeAlarm;
  };
  /** The alarms the composites gather, each over at most 10 functions; they notify nobody themselves. */
  readonly functionErrorGroups: readonly FunctionGroupAlarm[];
  readonly functionThrottleGroups: readonly FunctionGroupAlarm[];
  /** Functions whose errors are not in the function errors alarm, and why. */
  readonly functionsWithoutErrorsAlarm: ReadonlyMap<ApiFunction, string>;
}

/** The alarms on a count of something that should not happen at all (one or more in a period). */
type CountAlarm =
  | 'executionsFailed'
  | 'callbacksGivenUp'
  | 'cataloguePublishFailed'
  | 'catalogueRemovalFailed';

/**
 * The stage's alarms (none notifies anyone yet: the Operations construct wires the ones an
 * operator acts on to its topic). Function errors and throttles: one alarm cannot sum every
 * function's metric (an alarm reads at most 10 metrics, a hard limit; the stage has over 30
 * functions), and an alarm per function would send one message per function when a shared cause
 * (the table, the account's concurrency) fails many at once, and would add some 70 resources to
 * a stack that CloudFormation caps at 500. So: alarms over groups of at most 10 functions (sum of
 * their errors, or throttles), gathered by two composite alarms that alone notify; the
 * composite's reason names the group, the dashboard's tables the function.
 */
export function createStageAlarms(
  scope: Construct,
  { settings, api, batches, reports, catalogue }: OperationsProps,
  functions: readonly ApiFunction[],
): StageAlarms {
  const { stage } = settings;
  const names = alarmNames(stage);

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
  const api5xxRateAlarm = api5xxRate.createAlarm(scope, 'Api5xxRateAlarm', {
    alarmName: names.api5xxRate,
    alarmDescription:
      `More than ${rate.thresholdPercent}% of the ${stage} API's requests were answered 5xx in ` +
      `${rate.datapointsToAlarm} of the last ${rate.evaluationPeriods} minutes. ` +
      'See docs/operations.md.',
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
      [
        catalogue.publishStep,
        'a file it refuses or a publish refused while another runs fails the task on purpose, as the ' +
          'workflow expects; any other failure is caught and counted: the catalogue publish and removal alarms',
      ],
    ].filter((entry): entry is [ApiFunction, string] => entry[0] !== undefined),
  );
  const groupAlarms = (
    kind: 'errors' | 'throttles',
    functions: readonly ApiFunction[],
    describe: (names: string) => string,
  ): FunctionGroupAlarm[] => {
    const { threshold, period } = ALARM_SETTINGS[kind === 'errors' ? 'functionErrors' : 'functionThrottles'];
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
      }).createAlarm(scope, `Function${kind === 'errors' ? 'Errors' : 'Throttles'}Group${i + 1}`, {
        alarmName: `${kind === 'errors' ? names.functionErrors : names.functionThrottles}-${i + 1}`,
        alarmDescription: describe(group.map((fn) => withoutStagePrefix(stage, physicalName(fn))).join(', ')),
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      return { alarm, functions: group };
    });
  };
  const functionErrorGroups = groupAlarms(
    'errors',
    functions.filter((fn) => !errorsAlarmedElsewhere.has(fn)),
    (members) =>
      `One of these ${stage} functions failed (an exception, a timeout or a crash): ${members}. ` +
      `Which one: the dashboard's "Errors by function"; its logs: /aws/lambda/${resourceName(stage, '<function>')}.`,
  );
  const functionThrottleGroups = groupAlarms(
    'throttles',
    functions,
    (members) =>
      `Lambda refused to run one of these ${stage} functions (throttled): ${members}. ` +
      `Which one: the dashboard's "Throttles by function".`,
  );
  const excluded = [...errorsAlarmedElsewhere]
    .map(([fn, reason]) => `${withoutStagePrefix(stage, physicalName(fn))}: ${reason}`)
    .join('; ');
  const functionErrors = new CompositeAlarm(scope, 'FunctionErrorsAlarm', {
    compositeAlarmName: names.functionErrors,
    alarmDescription:
      `A function of the ${stage} stage failed; the reason names the group alarm, the dashboard the function. ` +
      `Not counted here: ${excluded}.`,
    alarmRule: AlarmRule.anyOf(...functionErrorGroups.map((group) => group.alarm)),
  });
  const functionThrottles = new CompositeAlarm(scope, 'FunctionThrottlesAlarm', {
    compositeAlarmName: names.functionThrottles,
    alarmDescription:
      `A function of the ${stage} stage was throttled; the reason names the group alarm, the dashboard ` +
      'the function.',
    alarmRule: AlarmRule.anyOf(...functionThrottleGroups.map((group) => group.alarm)),
  });

  /**
   * An alarm on any occurrence (its threshold or more) of what `metric` counts within one period,
   * with the name and threshold of `key` (settings.ts).
   */
  const onAny = (id: string, metric: IMetric, key: CountAlarm, alarmDescription: string) =>
    new Alarm(scope, id, {
      metric,
      alarmName: names[key],
      alarmDescription,
      threshold: ALARM_SETTINGS[key].threshold,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  /** One of the service's own counts of this stage, over the period of `key`'s alarm. */
  const count = (metricName: MetricName, key: Exclude<CountAlarm, 'executionsFailed'>) =>
    serviceMetric(stage, metricName, ALARM_SETTINGS[key].period);
  /** A workflow's failures and its executions that timed out, as one count. */
  const failedOrTimedOut = (failed: IMetric, timedOut: IMetric, period: Duration, label: string) =>
    new MathExpression({
      expression: 'FILL(failed, 0) + FILL(timedOut, 0)',
      usingMetrics: { failed, timedOut },
      period,
      label,
    });

  // --- Report executions that failed or timed out.
  const reporting = ALARM_SETTINGS.executionsFailed;
  const executionsFailed = onAny(
    'ReportExecutionsFailedAlarm',
    failedOrTimedOut(
      reports.stateMachine.metricFailed({ statistic: Stats.SUM, period: reporting.period }),
      reports.stateMachine.metricTimedOut({ statistic: Stats.SUM, period: reporting.period }),
      reporting.period,
      'Executions failed or timed out',
    ),
    'executionsFailed',
    `A report execution of the ${stage} stage failed or timed out: its report is FAILED. ` +
      'The execution history says which state failed and why.',
  );

  // --- Callbacks given up, from the metric the workflow emits.
  const callbacksGivenUp = onAny(
    'CallbacksGivenUpAlarm',
    count(METRIC_NAMES.callbacksGivenUp, 'callbacksGivenUp'),
    'callbacksGivenUp',
    `A partner of the ${stage} stage was not notified of a finished report after every retry (4 h 15 min). ` +
      'The report itself is available; the job records NOTIFICATION_FAILED.',
  );

  // --- Catalogue publishing (docs/decisions/catalogue-versions.md D73): a run that failed for the system's reasons (the
  // publish task counts it; a refused file or a busy lock, which the operator running it is told
  // of, is not counted) or that ran out of time, and a removal that failed after its retries.
  const publishing = ALARM_SETTINGS.cataloguePublishFailed;
  const cataloguePublishFailed = onAny(
    'CataloguePublishFailedAlarm',
    failedOrTimedOut(
      count(METRIC_NAMES.cataloguePublishesFailed, 'cataloguePublishFailed'),
      catalogue.stateMachine.metricTimedOut({ statistic: Stats.SUM, period: publishing.period }),
      publishing.period,
      'Catalogue publishes failed or timed out',
    ),
    'cataloguePublishFailed',
    `A catalogue publish, stock update, upgrade or removal of the ${stage} stage failed for a reason of the ` +
      'system (not a refused file) or timed out; readers still see the previous version. npm run catalogue -- ' +
      'status names it; see docs/operations.md.',
  );
  const catalogueRemovalFailed = onAny(
    'CatalogueRemovalFailedAlarm',
    count(METRIC_NAMES.catalogueRemovalsFailed, 'catalogueRemovalFailed'),
    'catalogueRemovalFailed',
    `A catalogue version of the ${stage} stage (a previous or a failed one) was not removed after its retries: ` +
      'readers do not see it, its items stay. See docs/operations.md.',
  );

  return {
    alarms: {
      api5xxRate: api5xxRateAlarm,
      executionsFailed,
      callbacksGivenUp,
      cataloguePublishFailed,
      catalogueRemovalFailed,
      functionErrors,
      functionThrottles,
    },
    functionErrorGroups,
    functionThrottleGroups,
    functionsWithoutErrorsAlarm: errorsAlarmedElsewhere,
  };
}
