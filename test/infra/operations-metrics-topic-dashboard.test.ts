import { STAGE_ENV } from '#functions/contracts/environment';
import { METRIC_NAMES, METRICS_NAMESPACE } from '#functions/contracts/metric-names';
import { alarmTopicName, dashboardName } from '#lib/operations/settings';
import {
  alarmNamed,
  alarms,
  composites,
  dev,
  functions,
  isCdkProvider,
  names,
  operations,
  ours,
  prod,
  resources,
  topicId,
} from './support/operations-template';
import { type CfnJson, resourcesOfType, TEST_ENV } from './synth';

describe('tracing', () => {
  it('is active on every function of the stack (all but CDK’s handlers: those that empty the dev buckets, the upgrade trigger’s)', () => {
    expect(ours.length).toBe(operations.functions.length);
    for (const [, fn] of ours) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    // Those run when a stack is deployed or a dev stack deleted (an auto-delete handler in each
    // stack with a bucket, dev only; the catalogue upgrade trigger's provider, every stage); their
    // code is CDK's and writes no traces.
    expect(Object.values(functions).filter(isCdkProvider)).toHaveLength(3);
    expect(
      Object.values(resourcesOfType(prod.template, 'AWS::Lambda::Function'))
        .filter(isCdkProvider)
        .map((fn) => fn.Properties.FunctionName),
    ).toEqual(['commerce-api-prod-catalogue-upgrade-trigger']);
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
    const prodFunctions = Object.values(resourcesOfType(prod.template, 'AWS::Lambda::Function'));
    for (const fn of prodFunctions.filter((f) => !isCdkProvider(f))) {
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
        const { countMetric, flushMetrics } = await import('#commons/metrics');
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
    // commerce-api-<stage>-<region>: the region is the deploy's (a token in an environment-agnostic stack).
    const region = { Ref: 'AWS::Region' };
    expect(dev.stack.resolve(dashboardName('dev', dev.stack.region))).toEqual({
      'Fn::Join': ['', ['commerce-api-dev-', region]],
    });
    expect(dashboard!.Properties.DashboardName).toEqual({ 'Fn::Join': ['', ['commerce-api-dev-', region]] });
    // Prod is pinned to its account and region (its stage file), so its name is plain text.
    prod.template.hasResourceProperties('AWS::CloudWatch::Dashboard', {
      DashboardName: `commerce-api-prod-${TEST_ENV.region}`,
    });
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
      // The events row (OrderEvents.operate, lib/order-events.ts).
      'Order and user events',
      'Events queue and dead-letter queue: messages visible',
    ]);
  });

  it('shows the state of every alarm: those that notify, and the groups behind the composites', () => {
    // The events dead-letter alarm sits in the events row instead (OrderEvents.operate, lib/order-events.ts).
    expect(titled('Alarms').alarms).toHaveLength(
      Object.keys(alarms).length + Object.keys(composites).length - 1,
    );
    expect(titled('Order and user events').alarms).toHaveLength(1);
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
