import { TABLE_NAME_ENV } from '#functions/contracts/environment';
import { EVENT_TYPE_NAMES } from '#functions/contracts/event-types';
import { eventFunctions } from '#functions/function-registry';
import { orderEventsSettings } from '#lib/order-events-settings';
import { type CfnJson, resourcesOfType, synth } from './synth';

const dev = synth({ stage: 'dev' });
const prod = synth({ stage: 'prod' });
const events = dev.stack.orderEvents;
const resources = dev.template.toJSON().Resources as Record<string, CfnJson>;
const logicalId = (construct: { node: { defaultChild?: unknown } }): string =>
  dev.stack.resolve((construct.node.defaultChild as CfnJson).logicalId);
const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
const ids = {
  bus: logicalId(events.bus),
  rule: logicalId(events.rule),
  queue: logicalId(events.queue),
  deadLetterQueue: logicalId(events.deadLetterQueue),
  consumer: logicalId(events.consumer),
  table: logicalId(dev.stack.storage.table),
};
const propertiesOf = (id: string) => resources[id]!.Properties;

/** Every statement of the inline policies attached to the consumer's role. */
const consumerStatements = (): CfnJson[] => {
  const roleId = propertiesOf(ids.consumer).Role['Fn::GetAtt'][0];
  return Object.values(resourcesOfType(dev.template, 'AWS::IAM::Policy'))
    .filter((policy) => policy.Properties.Roles.some((role: CfnJson) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
};

describe('the event bus and its rule', () => {
  it('is the stage’s bus, commerce-api-<stage>', () => {
    expect(propertiesOf(ids.bus)).toMatchObject({ Name: 'commerce-api-dev' });
    expect(Object.keys(resourcesOfType(prod.template, 'AWS::Events::EventBus'))).toHaveLength(1);
  });

  it('routes our sources and types, and nothing else, from that bus to the events queue', () => {
    const rule = propertiesOf(ids.rule);
    expect(rule).toMatchObject({
      Name: 'commerce-api-dev-events-to-queue',
      EventBusName: { Ref: ids.bus },
      State: 'ENABLED',
      EventPattern: {
        source: ['commerce.orders', 'commerce.users'],
        'detail-type': [...EVENT_TYPE_NAMES],
      },
    });
    expect(rule.Targets).toEqual([
      expect.objectContaining({
        Arn: arnOf(ids.queue),
        DeadLetterConfig: { Arn: arnOf(ids.deadLetterQueue) },
        RetryPolicy: {
          MaximumEventAgeInSeconds: orderEventsSettings.target.maxEventAgeSeconds,
          MaximumRetryAttempts: orderEventsSettings.target.retryAttempts,
        },
      }),
    ]);
  });
});

describe('the events queue and its dead-letter queue', () => {
  it('are named after the stage and wired as the settings say', () => {
    const { queue, deadLetterQueue } = orderEventsSettings;
    expect(propertiesOf(ids.queue)).toMatchObject({
      QueueName: 'commerce-api-dev-events',
      VisibilityTimeout: queue.visibilityTimeoutSeconds,
      MessageRetentionPeriod: queue.retentionPeriodSeconds,
      RedrivePolicy: {
        deadLetterTargetArn: arnOf(ids.deadLetterQueue),
        maxReceiveCount: queue.maxReceiveCount,
      },
    });
    expect(propertiesOf(ids.deadLetterQueue)).toMatchObject({
      QueueName: 'commerce-api-dev-events-dlq',
      VisibilityTimeout: deadLetterQueue.visibilityTimeoutSeconds,
      MessageRetentionPeriod: deadLetterQueue.retentionPeriodSeconds,
    });
    expect(queue.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(
      6 * orderEventsSettings.consumer.timeoutSeconds,
    );
  });

  it.each([
    ['queue', () => ids.queue],
    ['dead-letter queue', () => ids.deadLetterQueue],
  ])(
    'the %s is encrypted with SSE-SQS, refuses requests without TLS and may be sent to by the rule only',
    (_n, id) => {
      expect(propertiesOf(id())).toMatchObject({ SqsManagedSseEnabled: true });
      const statements = Object.values(resourcesOfType(dev.template, 'AWS::SQS::QueuePolicy'))
        .filter((policy) => policy.Properties.Queues.some((q: CfnJson) => q.Ref === id()))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
      expect(statements).toContainEqual({
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Action: 'sqs:*',
        Resource: arnOf(id()),
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      });
      const allowed = statements.filter((s) => s.Effect === 'Allow');
      expect(allowed).toEqual([
        expect.objectContaining({
          Principal: { Service: 'events.amazonaws.com' },
          // The queue's grant also lets EventBridge read the queue's URL and attributes.
          Action:
            id() === ids.queue
              ? ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage']
              : 'sqs:SendMessage',
          Condition: { ArnEquals: { 'aws:SourceArn': arnOf(ids.rule) } },
        }),
      ]);
    },
  );

  it('are stack outputs, for `npm run events -- dead-letters` and `redrive`', () => {
    const { Outputs } = dev.template.toJSON();
    expect(Outputs.EventsQueueUrl.Value).toEqual({ Ref: ids.queue });
    expect(Outputs.EventsDeadLetterQueueUrl.Value).toEqual({ Ref: ids.deadLetterQueue });
  });

  it('are deleted with a dev stack and kept with the prod stack', () => {
    expect(resources[ids.queue]!.DeletionPolicy).toBe('Delete');
    expect(resources[ids.deadLetterQueue]!.DeletionPolicy).toBe('Delete');
    const prodQueues = Object.values(resourcesOfType(prod.template, 'AWS::SQS::Queue')).filter((q) =>
      String(q.Properties.QueueName).startsWith('commerce-api-prod-events'),
    );
    expect(prodQueues.map((q) => q.DeletionPolicy)).toEqual(['RetainExceptOnCreate', 'RetainExceptOnCreate']);
  });

  it('alarm on any message in the dead-letter queue, into the stage’s topic', () => {
    const alarm = propertiesOf(logicalId(events.alarms.deadLetters));
    expect(alarm).toMatchObject({
      AlarmName: 'commerce-api-dev-events-dlq-messages-visible',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [ids.deadLetterQueue, 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: logicalId(dev.stack.operations.topic) }],
    });
  });
});

describe('the consumer', () => {
  it('reads the queue with partial batch responses and at most maxConcurrency batches at once, as the settings say', () => {
    const { consumer } = orderEventsSettings;
    const mappings = Object.values(resourcesOfType(dev.template, 'AWS::Lambda::EventSourceMapping')).filter(
      (m) => m.Properties.FunctionName.Ref === ids.consumer,
    );
    expect(mappings.map((m) => m.Properties)).toEqual([
      expect.objectContaining({
        EventSourceArn: arnOf(ids.queue),
        BatchSize: consumer.batchSize,
        MaximumBatchingWindowInSeconds: consumer.maxBatchingWindowSeconds,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        ScalingConfig: { MaximumConcurrency: consumer.maxConcurrency },
      }),
    ]);
    expect(propertiesOf(ids.consumer)).toMatchObject({
      FunctionName: `commerce-api-dev-${eventFunctions.consumer.name}`,
      Timeout: consumer.timeoutSeconds,
      Environment: { Variables: expect.objectContaining({ [TABLE_NAME_ENV]: { Ref: ids.table } }) },
    });
  });

  it('may receive and delete from its queue only, and send to nothing', () => {
    const sqs = consumerStatements().filter((s) =>
      [s.Action].flat().some((a: string) => a.startsWith('sqs:')),
    );
    expect(sqs.map((s) => s.Resource)).toEqual([arnOf(ids.queue)]);
    expect([sqs[0]!.Action].flat()).not.toContain('sqs:SendMessage');
  });
});
