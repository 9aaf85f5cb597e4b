import {
  METRIC_DIMENSIONS,
  METRIC_NAMES,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
} from '#functions/contracts/metric-names';
import type { ApiFunction } from '#lib/api-function';
import { ALARM_SETTINGS, alarmNames, MAX_METRICS_PER_ALARM } from '#lib/operations/settings';
import {
  alarmNamed,
  alarms,
  compositeNamed,
  composites,
  dev,
  logicalId,
  metricOf,
  names,
  operations,
  ours,
  prod,
  returned,
  topicId,
} from './support/operations-template';
import { type CfnJson, resourcesOfType } from './synth';

describe('the alarms', () => {
  it('are named per stage, uniquely, within CloudWatch’s 255 characters', () => {
    const all = [...Object.values(alarms), ...Object.values(composites)].map((a) => a.Properties.AlarmName);
    expect(new Set(all).size).toBe(all.length);
    for (const name of all) {
      expect(name).toMatch(/^commerce-api-dev-/);
      expect(name.length).toBeLessThanOrEqual(255);
    }
    for (const a of [...Object.values(alarms), ...Object.values(composites)]) {
      expect((a.Properties.AlarmDescription ?? '').length).toBeLessThanOrEqual(1024);
    }
    for (const name of Object.values(alarmNames('prod'))) {
      const found = [
        ...Object.values(resourcesOfType(prod.template, 'AWS::CloudWatch::Alarm')),
        ...Object.values(resourcesOfType(prod.template, 'AWS::CloudWatch::CompositeAlarm')),
      ].filter((a) => a.Properties.AlarmName === name);
      expect(found).toHaveLength(1);
    }
  });

  it('watch the API’s 5xx rate: 100 × 5XXError / Count of the stage, over 5% in 3 of 5 minutes', () => {
    const alarm = alarmNamed(names.api5xxRate);
    const stageDimensions = [
      { Name: 'ApiName', Value: 'commerce-api-dev' },
      { Name: 'Stage', Value: { Ref: logicalId(dev.stack.api.restApi.deploymentStage) } },
    ];
    expect(returned(alarm).Expression).toBe('IF(requests > 0, 100 * FILL(errors, 0) / requests, 0)');
    expect(metricOf(alarm, 'errors')).toEqual({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: '5XXError', Dimensions: stageDimensions },
      Period: 60,
      Stat: 'Sum',
    });
    expect(metricOf(alarm, 'requests')).toEqual({
      Metric: { Namespace: 'AWS/ApiGateway', MetricName: 'Count', Dimensions: stageDimensions },
      Period: 60,
      Stat: 'Sum',
    });
    expect(alarm).toMatchObject({
      Threshold: ALARM_SETTINGS.api5xxRate.thresholdPercent,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 5,
      DatapointsToAlarm: 3,
      TreatMissingData: 'notBreaching',
    });
    expect(ALARM_SETTINGS.api5xxRate.thresholdPercent).toBe(5);
  });

  describe('on functions', () => {
    const functionIdsIn = (alarm: CfnJson, metricName: string): string[] =>
      alarm.Metrics.filter((query: CfnJson) => query.MetricStat).map((query: CfnJson) => {
        expect(query.MetricStat).toMatchObject({
          Metric: { Namespace: 'AWS/Lambda', MetricName: metricName },
          Period: 300,
          Stat: 'Sum',
        });
        return query.MetricStat.Metric.Dimensions[0].Value.Ref;
      });
    const groupsOf = (prefix: string) =>
      Object.values(alarms)
        .map((a) => a.Properties)
        .filter((a) => a.AlarmName.startsWith(`${prefix}-`));
    const idsOf = (fns: readonly ApiFunction[]) => fns.map((fn) => logicalId(fn)).sort();

    it.each([
      ['errors', names.functionErrors, 'Errors'],
      ['throttles', names.functionThrottles, 'Throttles'],
    ])(
      'sum the %s of at most 10 functions an alarm (≥ 1 in 5 minutes), without actions',
      (_, prefix, metric) => {
        const groups = groupsOf(prefix!);
        expect(groups.length).toBeGreaterThan(1);
        for (const group of groups) {
          const ids = functionIdsIn(group, metric!);
          expect(ids.length).toBeGreaterThan(0);
          expect(ids.length).toBeLessThanOrEqual(MAX_METRICS_PER_ALARM);
          expect(returned(group).Expression).toBe(`SUM([${ids.map((_, i) => `m${i}`).join(', ')}])`);
          expect(group).toMatchObject({
            Threshold: 1,
            ComparisonOperator: 'GreaterThanOrEqualToThreshold',
            EvaluationPeriods: 1,
            TreatMissingData: 'notBreaching',
          });
          expect(group.AlarmActions).toBeUndefined();
        }
      },
    );

    it('cover the throttles of every function, each once', () => {
      const covered = groupsOf(names.functionThrottles).flatMap((group) => functionIdsIn(group, 'Throttles'));
      expect(covered.sort()).toEqual(ours.map(([id]) => id).sort());
    });

    it('cover the errors of every function but those whose errors another alarm reports', () => {
      const covered = groupsOf(names.functionErrors).flatMap((group) => functionIdsIn(group, 'Errors'));
      const elsewhere = [
        dev.stack.api.authorizerFunction!,
        dev.stack.reports.generator,
        dev.stack.reports.callbackSender,
        dev.stack.batches.deadLetterRecorder,
        dev.stack.catalogue.publishStep,
      ];
      expect(idsOf([...operations.functionsWithoutErrorsAlarm.keys()])).toEqual(idsOf(elsewhere));
      expect(covered.sort()).toEqual(
        ours
          .map(([id]) => id)
          .filter((id) => !idsOf(elsewhere).includes(id))
          .sort(),
      );
      // The dead-letter recorder's own alarm (BatchQueue), reused rather than duplicated.
      expect(alarmNamed('commerce-api-dev-record-dead-batch-items-errors')).toMatchObject({
        MetricName: 'Errors',
        Dimensions: [
          { Name: 'FunctionName', Value: { Ref: logicalId(dev.stack.batches.deadLetterRecorder) } },
        ],
      });
    });

    it.each([
      [names.functionErrors, () => operations.functionErrorGroups],
      [names.functionThrottles, () => operations.functionThrottleGroups],
    ])('are gathered by the composite alarm %s: any group in alarm', (name, groups) => {
      const composite = compositeNamed(name);
      const rule = dev.stack.resolve(composite.AlarmRule);
      const members = groups().map((group) => `ALARM("\${${logicalId(group.alarm)}.Arn}")`);
      expect(JSON.stringify(rule)).toContain('ALARM(');
      const joined = rule['Fn::Join'][1]
        .map((part: CfnJson) => (typeof part === 'string' ? part : `\${${part['Fn::GetAtt'][0]}.Arn}`))
        .join('');
      expect(joined).toBe(`(${members.join(' OR ')})`);
    });
  });

  it('watch the report executions that failed or timed out (≥ 1 in 5 minutes)', () => {
    const alarm = alarmNamed(names.executionsFailed);
    const machine = [{ Name: 'StateMachineArn', Value: { Ref: logicalId(dev.stack.reports.stateMachine) } }];
    expect(returned(alarm).Expression).toBe('FILL(failed, 0) + FILL(timedOut, 0)');
    for (const [id, metricName] of [
      ['failed', 'ExecutionsFailed'],
      ['timedOut', 'ExecutionsTimedOut'],
    ] as const) {
      expect(metricOf(alarm, id)).toEqual({
        Metric: { Namespace: 'AWS/States', MetricName: metricName, Dimensions: machine },
        Period: 300,
        Stat: 'Sum',
      });
    }
    expect(alarm).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
    });
  });

  /** An alarm on any count of one of the service's own metrics in 5 minutes. */
  const onServiceCount = (metricName: string) => ({
    Namespace: METRICS_NAMESPACE,
    MetricName: metricName,
    Dimensions: [
      { Name: METRIC_DIMENSIONS.service, Value: METRICS_SERVICE },
      { Name: METRIC_DIMENSIONS.stage, Value: 'dev' },
    ],
    Statistic: 'Sum',
    Period: 300,
    Threshold: 1,
    ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    EvaluationPeriods: 1,
    TreatMissingData: 'notBreaching',
  });

  it('watch the callbacks given up, from the service’s own metric (≥ 1 in 5 minutes)', () => {
    expect(alarmNamed(names.callbacksGivenUp)).toMatchObject(onServiceCount(METRIC_NAMES.callbacksGivenUp));
  });

  it('watch catalogue publishes failed for the system’s reasons (the service’s metric) or timed out (≥ 1 in 5 minutes)', () => {
    const alarm = alarmNamed(names.cataloguePublishFailed);
    expect(returned(alarm).Expression).toBe('FILL(failed, 0) + FILL(timedOut, 0)');
    expect(metricOf(alarm, 'failed')).toEqual({
      Metric: {
        Namespace: METRICS_NAMESPACE,
        MetricName: METRIC_NAMES.cataloguePublishesFailed,
        Dimensions: [
          { Name: METRIC_DIMENSIONS.service, Value: METRICS_SERVICE },
          { Name: METRIC_DIMENSIONS.stage, Value: 'dev' },
        ],
      },
      Period: 300,
      Stat: 'Sum',
    });
    expect(metricOf(alarm, 'timedOut')).toEqual({
      Metric: {
        Namespace: 'AWS/States',
        MetricName: 'ExecutionsTimedOut',
        Dimensions: [
          { Name: 'StateMachineArn', Value: { Ref: logicalId(dev.stack.catalogue.stateMachine) } },
        ],
      },
      Period: 300,
      Stat: 'Sum',
    });
    expect(alarm).toMatchObject({
      AlarmName: 'commerce-api-dev-catalogue-publish-failed',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 1,
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: topicId }],
    });
  });

  it('watch catalogue versions whose removal failed after its retries (≥ 1 in 5 minutes)', () => {
    expect(alarmNamed(names.catalogueRemovalFailed)).toMatchObject({
      ...onServiceCount(METRIC_NAMES.catalogueRemovalsFailed),
      AlarmName: 'commerce-api-dev-catalogue-removal-failed',
      AlarmActions: [{ Ref: topicId }],
    });
  });

  it('reuse the dead-letter queue depth alarm of BatchQueue instead of a second one', () => {
    // The events dead-letter queue has its own depth alarm (test/infra/order-events-stack.test.ts).
    const eventsDeadLetterQueueId = logicalId(dev.stack.orderEvents.deadLetterQueue);
    const onDeadLetterDepth = Object.values(alarms).filter(
      (a) =>
        a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
        a.Properties.Dimensions[0].Value['Fn::GetAtt'][0] !== eventsDeadLetterQueueId,
    );
    expect(onDeadLetterDepth).toHaveLength(1);
    expect(onDeadLetterDepth[0]!.Properties.Dimensions).toEqual([
      {
        Name: 'QueueName',
        Value: { 'Fn::GetAtt': [logicalId(dev.stack.batches.deadLetterQueue), 'QueueName'] },
      },
    ]);
  });

  it('notify the stage’s topic, every one of them but the groups the composites gather', () => {
    const groupIds = new Set(
      [...operations.functionErrorGroups, ...operations.functionThrottleGroups].map((g) =>
        logicalId(g.alarm),
      ),
    );
    const notifying = [...Object.entries(alarms), ...Object.entries(composites)].filter(
      ([id]) => !groupIds.has(id),
    );
    expect(notifying.map(([, a]) => a.Properties.AlarmName).sort()).toEqual(
      [
        ...Object.values(names),
        'commerce-api-dev-order-batches-dlq-messages-visible',
        'commerce-api-dev-order-batches-dlq-oldest-message-age',
        // The order and user events' own (lib/order-events.ts).
        'commerce-api-dev-events-dlq-messages-visible',
        'commerce-api-dev-record-dead-batch-items-errors',
      ].sort(),
    );
    for (const [, alarm] of notifying) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
    expect(groupIds.size + notifying.length).toBe(
      Object.keys(alarms).length + Object.keys(composites).length,
    );
  });
});
