import { Match } from 'aws-cdk-lib/assertions';
import { BATCH_QUEUE_URL_ENV } from '#functions/contracts/environment';
import { batchFunctions } from '#functions/function-registry';
import { BatchQueue } from '#lib/batch-queue';
import {
  batchDeadLetterQueueName,
  batchQueueName,
  batchQueueSettings,
  VISIBILITY_TIMEOUT_FACTOR,
} from '#lib/batch-queue-settings';
import { BATCH_SENDER_ROUTE } from '#lib/commerce-api-stack';
import { routeFunctionName } from '#lib/resource-names';
import { type CfnJson, resourcesOfType, shippedStageFile, synth } from './synth';

const dev = synth({ stage: 'dev' });
const prod = synth({ stage: 'prod' });
const queues = resourcesOfType(dev.template, 'AWS::SQS::Queue');
const functions = resourcesOfType(dev.template, 'AWS::Lambda::Function');
const policies = resourcesOfType(dev.template, 'AWS::IAM::Policy');
const mappings = Object.values(resourcesOfType(dev.template, 'AWS::Lambda::EventSourceMapping'));

const logicalId = (construct: { node: { defaultChild?: unknown } }): string =>
  dev.stack.resolve((construct.node.defaultChild as CfnJson).logicalId);
const queueId = logicalId(dev.stack.batches.queue);
const deadLetterQueueId = logicalId(dev.stack.batches.deadLetterQueue);
const processorId = logicalId(dev.stack.batches.processor);
const recorderId = logicalId(dev.stack.batches.deadLetterRecorder);
const senderId = logicalId(dev.stack.api.functionFor(BATCH_SENDER_ROUTE));
const queue = queues[queueId]!;
const deadLetterQueue = queues[deadLetterQueueId]!;

/** Every statement of the inline policies attached to a function's role. */
const statementsOf = (functionId: string): CfnJson[] => {
  const roleId = functions[functionId]!.Properties.Role['Fn::GetAtt'][0];
  return Object.values(policies)
    .filter((policy) => policy.Properties.Roles.some((role: CfnJson) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
};
const actionsOf = (statements: CfnJson[]): string[] => statements.flatMap((s) => [s.Action].flat());
const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
const mappingOf = (functionId: string) => {
  const found = mappings.filter((m) => m.Properties.FunctionName.Ref === functionId);
  expect(found).toHaveLength(1);
  return found[0]!.Properties;
};

describe('the order-batches queue and its dead-letter queue', () => {
  it('are the only queues besides the events queues (test/infra/order-events-stack.test.ts), named after the stage', () => {
    // The stack's other two queues carry the order and user events (lib/order-events.ts).
    const eventQueueIds = [dev.stack.orderEvents.queue, dev.stack.orderEvents.deadLetterQueue].map(logicalId);
    expect(Object.keys(queues).sort()).toEqual([queueId, deadLetterQueueId, ...eventQueueIds].sort());
    expect(queue.Properties.QueueName).toBe(batchQueueName('dev'));
    expect(queue.Properties.QueueName).toBe('commerce-api-dev-order-batches');
    expect(deadLetterQueue.Properties.QueueName).toBe(batchDeadLetterQueueName('dev'));
    expect(deadLetterQueue.Properties.QueueName).toBe('commerce-api-dev-order-batches-dlq');
  });

  it.each([
    ['queue', () => queue],
    ['dead-letter queue', () => deadLetterQueue],
  ])('the %s is encrypted at rest with SSE-SQS', (_name, get) => {
    expect(get().Properties).toMatchObject({ SqsManagedSseEnabled: true });
    expect(get().Properties.KmsMasterKeyId).toBeUndefined();
  });

  it.each([
    ['queue', queueId],
    ['dead-letter queue', deadLetterQueueId],
  ])('the %s refuses every request not made over TLS', (_name, id) => {
    const queuePolicies = Object.values(resourcesOfType(dev.template, 'AWS::SQS::QueuePolicy')).filter(
      (policy) => policy.Properties.Queues.some((q: CfnJson) => q.Ref === id),
    );
    expect(queuePolicies).toHaveLength(1);
    expect(queuePolicies[0]!.Properties.PolicyDocument.Statement).toContainEqual({
      Effect: 'Deny',
      Principal: { AWS: '*' },
      Action: 'sqs:*',
      Resource: arnOf(id),
      Condition: { Bool: { 'aws:SecureTransport': 'false' } },
    });
  });

  it('moves a message to the dead-letter queue after maxReceiveCount receives', () => {
    expect(batchQueueSettings.queue.maxReceiveCount).toBe(3);
    expect(queue.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: arnOf(deadLetterQueueId),
      maxReceiveCount: batchQueueSettings.queue.maxReceiveCount,
    });
    // The dead-letter queue is the end of the line: its messages stay until recorded.
    expect(deadLetterQueue.Properties.RedrivePolicy).toBeUndefined();
  });

  it('keeps dead letters longer than the source queue keeps messages (14 days against 4)', () => {
    expect(queue.Properties.MessageRetentionPeriod).toBe(4 * 24 * 3600);
    expect(deadLetterQueue.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    expect(deadLetterQueue.Properties.MessageRetentionPeriod).toBeGreaterThan(
      queue.Properties.MessageRetentionPeriod,
    );
  });

  it.each([
    ['queue', () => queue, processorId],
    ['dead-letter queue', () => deadLetterQueue, recorderId],
  ])('the %s hides a received message for at least 6 × its consumer timeout', (_name, get, consumerId) => {
    const timeout: number = functions[consumerId]!.Properties.Timeout;
    expect(timeout).toBe(30);
    expect(get().Properties.VisibilityTimeout).toBeGreaterThanOrEqual(VISIBILITY_TIMEOUT_FACTOR * timeout);
    expect(VISIBILITY_TIMEOUT_FACTOR).toBe(6);
  });

  it('are deleted with a dev stack and kept with the prod stack', () => {
    for (const id of [queueId, deadLetterQueueId]) {
      expect(dev.template.toJSON().Resources[id].DeletionPolicy).toBe('Delete');
    }
    const prodQueues = Object.values(resourcesOfType(prod.template, 'AWS::SQS::Queue'));
    // With the events queues (lib/order-events.ts), kept the same way.
    expect(prodQueues.map((q) => q.Properties.QueueName).sort()).toEqual([
      'commerce-api-prod-events',
      'commerce-api-prod-events-dlq',
      'commerce-api-prod-order-batches',
      'commerce-api-prod-order-batches-dlq',
    ]);
    for (const q of prodQueues) expect(q.DeletionPolicy).toBe('RetainExceptOnCreate');
  });
});

describe('the queue consumers', () => {
  it.each([
    ['processor', processorId, batchFunctions.processor.name],
    ['dead-letter recorder', recorderId, batchFunctions.deadLetters.name],
  ])(
    'the %s is an ApiFunction named after the stage, timeout 30 s, with the table in TABLE_NAME',
    (_n, id, name) => {
      const [tableId] = Object.keys(resourcesOfType(dev.template, 'AWS::DynamoDB::Table'));
      expect(functions[id]!.Properties).toMatchObject({
        FunctionName: routeFunctionName('dev', name),
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
        Timeout: 30,
        Environment: { Variables: { TABLE_NAME: { Ref: tableId } } },
      });
    },
  );

  it('the processor reads the queue in batches of 10, waiting at most 1 s, with partial batch responses', () => {
    expect(mappingOf(processorId)).toMatchObject({
      EventSourceArn: arnOf(queueId),
      BatchSize: 10,
      MaximumBatchingWindowInSeconds: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('the dead-letter recorder reads the dead-letter queue, with partial batch responses', () => {
    expect(mappingOf(recorderId)).toMatchObject({
      EventSourceArn: arnOf(deadLetterQueueId),
      BatchSize: batchQueueSettings.deadLetterRecorder.batchSize,
      MaximumBatchingWindowInSeconds: batchQueueSettings.deadLetterRecorder.maxBatchingWindowSeconds,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('are the only event source mappings besides the events consumer’s', () => {
    // The third mapping feeds the order and user events to their consumer (lib/order-events.ts).
    expect(mappings).toHaveLength(3);
  });

  it.each([
    ['processor', processorId, queueId],
    ['dead-letter recorder', recorderId, deadLetterQueueId],
  ])(
    'the %s may consume its own queue only (table grants: table-grants.test.ts)',
    (_name, id, ownQueueId) => {
      const statements = statementsOf(id);
      const sqsStatements = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('sqs:')));
      expect(sqsStatements).toHaveLength(1);
      expect(sqsStatements[0]).toMatchObject({ Effect: 'Allow', Resource: arnOf(ownQueueId) });
      expect(actionsOf(sqsStatements).sort()).toEqual(
        [
          'sqs:ChangeMessageVisibility',
          'sqs:DeleteMessage',
          'sqs:GetQueueAttributes',
          'sqs:GetQueueUrl',
          'sqs:ReceiveMessage',
        ].sort(),
      );
      // SSE-SQS: no key, so no kms:* grant anywhere.
      expect(actionsOf(statements).filter((a) => a.startsWith('kms:'))).toEqual([]);
    },
  );
});

describe('sending to the queue', () => {
  it(`is for the ${BATCH_SENDER_ROUTE} function alone, on the order-batches queue alone`, () => {
    const senders = Object.keys(functions).filter((id) =>
      actionsOf(statementsOf(id)).some((a) => a === 'sqs:SendMessage' || a === 'sqs:*'),
    );
    expect(senders).toEqual([senderId]);
    const sendStatements = statementsOf(senderId).filter((s) => actionsOf([s]).includes('sqs:SendMessage'));
    expect(sendStatements).toEqual([expect.objectContaining({ Effect: 'Allow', Resource: arnOf(queueId) })]);
    expect(actionsOf(sendStatements).sort()).toEqual(
      ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'].sort(),
    );
    expect(actionsOf(statementsOf(senderId)).filter((a) => a.startsWith('kms:'))).toEqual([]);
  });

  it(`hands the queue URL to the ${BATCH_SENDER_ROUTE} function only, in ${BATCH_QUEUE_URL_ENV}`, () => {
    const withUrl = Object.entries(functions)
      .filter(([, fn]) => fn.Properties.Environment?.Variables?.[BATCH_QUEUE_URL_ENV] !== undefined)
      .map(([id]) => id);
    expect(withUrl).toEqual([senderId]);
    expect(functions[senderId]!.Properties.Environment.Variables[BATCH_QUEUE_URL_ENV]).toEqual({
      Ref: queueId,
    });
  });
});

describe('the alarms', () => {
  const alarms = Object.values(resourcesOfType(dev.template, 'AWS::CloudWatch::Alarm'));

  it('fire when a message is visible in the dead-letter queue', () => {
    expect(alarms).toContainEqual(
      expect.objectContaining({
        Properties: expect.objectContaining({
          AlarmName: 'commerce-api-dev-order-batches-dlq-messages-visible',
          Namespace: 'AWS/SQS',
          MetricName: 'ApproximateNumberOfMessagesVisible',
          Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLetterQueueId, 'QueueName'] } }],
          Statistic: 'Maximum',
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          Threshold: 1,
          TreatMissingData: 'notBreaching',
        }),
      }),
    );
  });

  it('fire when the dead-letter recorder fails', () => {
    expect(alarms).toContainEqual(
      expect.objectContaining({
        Properties: expect.objectContaining({
          AlarmName: 'commerce-api-dev-record-dead-batch-items-errors',
          Namespace: 'AWS/Lambda',
          MetricName: 'Errors',
          Dimensions: [{ Name: 'FunctionName', Value: { Ref: recorderId } }],
          Statistic: 'Sum',
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          Threshold: 1,
          TreatMissingData: 'notBreaching',
        }),
      }),
    );
  });

  it('are named per stage, and notify the stage’s alarm topic (lib/operations/)', () => {
    expect(alarms).toContainEqual(
      expect.objectContaining({
        Properties: expect.objectContaining({
          AlarmName: 'commerce-api-dev-order-batches-dlq-oldest-message-age',
          MetricName: 'ApproximateAgeOfOldestMessage',
          Threshold: 900,
        }),
      }),
    );
    const batchAlarms = alarms.filter((alarm) =>
      /^commerce-api-dev-(order-batches-dlq-|record-dead-batch-items-errors$)/.test(
        alarm.Properties.AlarmName,
      ),
    );
    expect(batchAlarms).toHaveLength(3);
    const topicId = logicalId(dev.stack.operations.topic);
    for (const alarm of batchAlarms) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
    prod.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'commerce-api-prod-order-batches-dlq-messages-visible',
    });
    prod.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'commerce-api-prod-record-dead-batch-items-errors',
    });
  });
});

describe('the settings the sandbox reads (lib/batch-queue-settings.ts)', () => {
  it('are what the construct exposes', () => {
    expect(BatchQueue.settings).toBe(batchQueueSettings);
  });

  it('match the synthesized template', () => {
    const { processor, queue: source, deadLetterQueue: dead, deadLetterRecorder } = batchQueueSettings;
    expect(queue.Properties).toMatchObject({
      VisibilityTimeout: source.visibilityTimeoutSeconds,
      MessageRetentionPeriod: source.retentionPeriodSeconds,
      RedrivePolicy: { maxReceiveCount: source.maxReceiveCount },
    });
    expect(deadLetterQueue.Properties).toMatchObject({
      VisibilityTimeout: dead.visibilityTimeoutSeconds,
      MessageRetentionPeriod: dead.retentionPeriodSeconds,
    });
    for (const [id, consumer] of [
      [processorId, processor],
      [recorderId, deadLetterRecorder],
    ] as const) {
      expect(functions[id]!.Properties.Timeout).toBe(consumer.timeoutSeconds);
      expect(mappingOf(id)).toMatchObject({
        BatchSize: consumer.batchSize,
        MaximumBatchingWindowInSeconds: consumer.maxBatchingWindowSeconds,
        FunctionResponseTypes: consumer.reportBatchItemFailures
          ? ['ReportBatchItemFailures']
          : Match.absent(),
      });
    }
  });

  it('are the ones the issue asks for', () => {
    expect(batchQueueSettings).toMatchObject({
      processor: {
        timeoutSeconds: 30,
        batchSize: 10,
        maxBatchingWindowSeconds: 1,
        reportBatchItemFailures: true,
      },
      queue: { visibilityTimeoutSeconds: 180, maxReceiveCount: 3 },
    });
  });
});

describe('the names', () => {
  it('fit SQS, Lambda and CloudWatch limits with the longest stage name', () => {
    // ApiFunction throws on a function name over Lambda's 64 characters.
    const stage = `a${'-'.repeat(18)}z`;
    const { template } = synth({ stage, stageFile: shippedStageFile('dev') });
    for (const q of Object.values(resourcesOfType(template, 'AWS::SQS::Queue'))) {
      expect(q.Properties.QueueName.length).toBeLessThanOrEqual(80);
    }
    for (const alarm of Object.values(resourcesOfType(template, 'AWS::CloudWatch::Alarm'))) {
      expect(alarm.Properties.AlarmName.length).toBeLessThanOrEqual(255);
    }
  });
});

it('needs no KMS key (SSE-SQS)', () => {
  for (const q of Object.values(queues)) {
    expect(q.Properties).toMatchObject({ SqsManagedSseEnabled: true });
    expect(q.Properties.KmsMasterKeyId).toBeUndefined();
  }
  // The stack's one key is the alarm topic's (CloudWatch cannot publish under SNS's AWS managed key).
  expect(Object.keys(resourcesOfType(dev.template, 'AWS::KMS::Key'))).toEqual([
    logicalId(dev.stack.operations.topic.masterKey!),
  ]);
});
