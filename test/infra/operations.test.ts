import { STAGE_ENV } from '../../functions/commons/environment';
import {
  METRIC_DIMENSIONS,
  METRIC_NAMES,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
} from '../../functions/commons/metric-names';
import type { ApiFunction } from '../../lib/api-function';
import {
  ALARM_SETTINGS,
  alarmNames,
  alarmTopicName,
  dashboardName,
  MAX_METRICS_PER_ALARM,
} from '../../lib/operations/settings';
import { type CfnJson, resourcesOfType, synth } from './synth';

const dev = synth({ stage: 'dev' });
const prod = synth({ stage: 'prod' });
const { operations } = dev.stack;
const resources = dev.template.toJSON().Resources as Record<string, CfnJson>;
const alarms = resourcesOfType(dev.template, 'AWS::CloudWatch::Alarm');
const composites = resourcesOfType(dev.template, 'AWS::CloudWatch::CompositeAlarm');
const functions = resourcesOfType(dev.template, 'AWS::Lambda::Function');
const names = alarmNames('dev');

const logicalId = (construct: { node: { defaultChild?: unknown } }): string =>
  dev.stack.resolve((construct.node.defaultChild as CfnJson).logicalId);
const topicId = logicalId(operations.topic);
const alarmNamed = (name: string): CfnJson => {
  const found = Object.values(alarms).find((alarm) => alarm.Properties.AlarmName === name);
  if (!found) throw new Error(`no alarm ${name}`);
  return found.Properties;
};
const compositeNamed = (name: string): CfnJson => {
  const found = Object.values(composites).find((alarm) => alarm.Properties.AlarmName === name);
  if (!found) throw new Error(`no composite alarm ${name}`);
  return found.Properties;
};
/** The metric of a math-expression alarm, by its id. */
const metricOf = (alarm: CfnJson, id: string): CfnJson =>
  alarm.Metrics.find((query: CfnJson) => query.Id === id).MetricStat;
const returned = (alarm: CfnJson): CfnJson => alarm.Metrics.find((query: CfnJson) => query.ReturnData);
/** The CDK auto-delete handler of the dev report bucket: CDK's, not ours, and made without a name. */
const isCdkProvider = (fn: CfnJson) => fn.Properties.FunctionName === undefined;
const ours = Object.entries(functions).filter(([, fn]) => !isCdkProvider(fn));

describe('tracing', () => {
  it('is active on every function of the stack (all but the CDK handler that empties the dev bucket)', () => {
    expect(ours.length).toBe(operations.functions.length);
    for (const [, fn] of ours) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    // That handler runs once, when a dev stack is deleted; its role is CDK's and may not write traces.
    expect(Object.values(functions).filter(isCdkProvider)).toHaveLength(1);
    expect(
      Object.values(resourcesOfType(prod.template, 'AWS::Lambda::Function')).filter(isCdkProvider),
    ).toEqual([]);
  });

  it('is on for the report state machine and the API stage', () => {
    dev.template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      TracingConfiguration: { Enabled: true },
    });
    dev.template.hasResourceProperties('AWS::ApiGateway::Stage', { TracingEnabled: true });
  });
});

describe('the metrics configuration', () => {
  it(`gives every function its stage in ${STAGE_ENV}, the stage dimension of the service's metrics`, () => {
    for (const [, fn] of ours) expect(fn.Properties.Environment.Variables[STAGE_ENV]).toBe('dev');
    for (const fn of Object.values(resourcesOfType(prod.template, 'AWS::Lambda::Function'))) {
      expect(fn.Properties.Environment.Variables[STAGE_ENV]).toBe('prod');
    }
  });

  it('alarms on the very metric the workflow emits (namespace, name and dimensions of its EMF line)', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      [STAGE_ENV]: 'dev',
      // Powertools' test mode: EMF lines through the global console, where a spy can read them.
      POWERTOOLS_DEV: 'true',
      POWERTOOLS_METRICS_DISABLED: 'false',
    });
    const lines: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: string) => {
      lines.push(line);
    });
    try {
      await jest.isolateModulesAsync(async () => {
        const { countMetric, flushMetrics } = await import('../../functions/commons/metrics');
        countMetric(METRIC_NAMES.callbacksGivenUp);
        flushMetrics();
      });
    } finally {
      log.mockRestore();
      process.env = saved;
    }
    expect(lines).toHaveLength(1);
    const emf = JSON.parse(lines[0]!);
    const [directive] = emf._aws.CloudWatchMetrics;
    const alarm = alarmNamed(names.callbacksGivenUp);
    expect(directive.Namespace).toBe(alarm.Namespace);
    expect(directive.Metrics).toEqual([{ Name: alarm.MetricName, Unit: 'Count' }]);
    expect(directive.Dimensions).toEqual([alarm.Dimensions.map((d: CfnJson) => d.Name)]);
    for (const { Name, Value } of alarm.Dimensions) expect(emf[Name]).toBe(Value);
  });
});

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

  it('watch the callbacks given up, from the service’s own metric (≥ 1 in 5 minutes)', () => {
    expect(alarmNamed(names.callbacksGivenUp)).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: METRIC_NAMES.callbacksGivenUp,
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
  });

  it('reuse the dead-letter queue depth alarm of BatchQueue instead of a second one', () => {
    const onDeadLetterDepth = Object.values(alarms).filter(
      (a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible',
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
        'commerce-api-dev-record-dead-batch-items-errors',
      ].sort(),
    );
    for (const [, alarm] of notifying) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
    expect(groupIds.size + notifying.length).toBe(
      Object.keys(alarms).length + Object.keys(composites).length,
    );
  });
});

describe('the alarm topic', () => {
  const topic = resources[topicId];
  const [policy] = Object.values(resourcesOfType(dev.template, 'AWS::SNS::TopicPolicy'));
  const statements: CfnJson[] = policy!.Properties.PolicyDocument.Statement;

  it('is one topic per stage, encrypted under a key of its own that rotates', () => {
    dev.template.resourceCountIs('AWS::SNS::Topic', 1);
    expect(topic.Properties.TopicName).toBe(alarmTopicName('dev'));
    const keyId = topic.Properties.KmsMasterKeyId['Fn::GetAtt'][0];
    expect(resources[keyId]).toMatchObject({
      Type: 'AWS::KMS::Key',
      Properties: { EnableKeyRotation: true, PendingWindowInDays: 7 },
      DeletionPolicy: 'Delete',
    });
    // CloudWatch must be able to use the key, or the notifications of an encrypted topic are lost.
    expect(resources[keyId].Properties.KeyPolicy.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      }),
    );
  });

  it('refuses requests not made over TLS', () => {
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 'sns:Publish',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });

  it('lets this account’s CloudWatch alarms publish, and no one else’s', () => {
    expect(policy!.Properties.Topics).toEqual([{ Ref: topicId }]);
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'cloudwatch.amazonaws.com' },
        Action: 'sns:Publish',
        Resource: { Ref: topicId },
        Condition: {
          StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
          ArnLike: {
            'aws:SourceArn': {
              'Fn::Join': [
                '',
                [
                  'arn:',
                  { Ref: 'AWS::Partition' },
                  ':cloudwatch:',
                  { Ref: 'AWS::Region' },
                  ':',
                  { Ref: 'AWS::AccountId' },
                  ':alarm:*',
                ],
              ],
            },
          },
        },
      }),
    );
  });

  it('is a stack output, for an operator to subscribe to once', () => {
    expect(dev.template.toJSON().Outputs.AlarmTopicArn.Value).toEqual({ Ref: topicId });
  });
});

describe('the dashboard', () => {
  const [dashboard] = Object.values(resourcesOfType(dev.template, 'AWS::CloudWatch::Dashboard'));
  /** The dashboard body with each CloudFormation reference as the string TOKEN. */
  const body = JSON.parse(
    (dashboard!.Properties.DashboardBody['Fn::Join'][1] as CfnJson[])
      .map((part) => (typeof part === 'string' ? part : 'TOKEN'))
      .join(''),
  ) as { widgets: { type: string; properties: CfnJson }[] };
  const titled = (title: string) => {
    const found = body.widgets.find((widget) => widget.properties.title === title);
    if (!found) throw new Error(`no widget ${title}`);
    return found.properties;
  };
  /** The metric names a widget reads (namespace, name), math expressions left out. */
  const metricsOf = (title: string): string[] =>
    (titled(title).metrics as CfnJson[])
      .filter((entry) => typeof entry[0] === 'string' && entry[0] !== '...')
      .map((entry) => `${entry[0]} ${entry[1]}`);

  it('is one per stage, named after it, and a stack output', () => {
    dev.template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    expect(dashboard!.Properties.DashboardName).toBe(dashboardName('dev'));
    prod.template.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'commerce-api-prod' });
    expect(dev.template.toJSON().Outputs.DashboardName).toBeDefined();
  });

  it('has the widgets an operator looks for', () => {
    expect(body.widgets.map((widget) => widget.properties.title).filter(Boolean)).toEqual([
      'Alarms',
      'API requests, 4xx and 5xx',
      'API 5xx rate (%)',
      'API latency (ms)',
      'Requests by route and status (the functions’ metric)',
      'Function errors and throttles (all functions)',
      'Errors by function',
      'Throttles by function',
      'Invocations by function',
      'Duration p99 by function (ms, highest)',
      'Duration max by function (ms)',
      'Batch queue: messages visible, and age of the oldest (s)',
      'Dead-letter queue: messages visible, and age of the oldest (s)',
      'Batches completed, items processed and failed, chunks dead-lettered',
      'Report executions',
      'Reports generated and failed, orders per report',
      'Callbacks delivered, attempts refused, given up',
    ]);
  });

  it('shows the state of every alarm: those that notify, and the groups behind the composites', () => {
    expect(titled('Alarms').alarms).toHaveLength(Object.keys(alarms).length + Object.keys(composites).length);
  });

  it('reads the API, function, queue, workflow and service metrics', () => {
    expect(metricsOf('API requests, 4xx and 5xx')).toEqual([
      'AWS/ApiGateway Count',
      'AWS/ApiGateway 4XXError',
      'AWS/ApiGateway 5XXError',
    ]);
    expect(metricsOf('API latency (ms)')).toEqual([
      'AWS/ApiGateway Latency',
      'AWS/ApiGateway Latency',
      'AWS/ApiGateway IntegrationLatency',
    ]);
    for (const [title, metric] of [
      ['Errors by function', 'Errors'],
      ['Throttles by function', 'Throttles'],
      ['Invocations by function', 'Invocations'],
      ['Duration p99 by function (ms, highest)', 'Duration'],
    ]) {
      expect(metricsOf(title!)).toEqual(ours.map(() => `AWS/Lambda ${metric}`));
    }
    expect(metricsOf('Dead-letter queue: messages visible, and age of the oldest (s)')).toEqual([
      'AWS/SQS ApproximateNumberOfMessagesVisible',
      'AWS/SQS ApproximateAgeOfOldestMessage',
    ]);
    expect(metricsOf('Report executions')).toEqual([
      'AWS/States ExecutionsStarted',
      'AWS/States ExecutionsSucceeded',
      'AWS/States ExecutionsFailed',
      'AWS/States ExecutionsTimedOut',
      'AWS/States ExecutionTime',
    ]);
    const service = (title: string) =>
      metricsOf(title).map((metric) => {
        expect(metric.startsWith(`${METRICS_NAMESPACE} `)).toBe(true);
        return metric.replace(`${METRICS_NAMESPACE} `, '');
      });
    expect(service('Batches completed, items processed and failed, chunks dead-lettered').sort()).toEqual(
      [
        METRIC_NAMES.batchItemsProcessed,
        METRIC_NAMES.batchItemsFailed,
        METRIC_NAMES.batchesCompleted,
        METRIC_NAMES.batchChunksDeadLettered,
      ].sort(),
    );
    expect(service('Reports generated and failed, orders per report').sort()).toEqual(
      [METRIC_NAMES.reportsGenerated, METRIC_NAMES.reportsFailed, METRIC_NAMES.reportOrders].sort(),
    );
    expect(service('Callbacks delivered, attempts refused, given up').sort()).toEqual(
      [
        METRIC_NAMES.callbacksDelivered,
        METRIC_NAMES.callbackAttemptsFailed,
        METRIC_NAMES.callbacksGivenUp,
      ].sort(),
    );
    expect(JSON.stringify(titled('Requests by route and status (the functions’ metric)').metrics)).toContain(
      `MetricName=\\"${METRIC_NAMES.requests}\\" stage=\\"dev\\"`,
    );
  });
});
