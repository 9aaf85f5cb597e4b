import { Duration } from 'aws-cdk-lib';
import { type Alarm, ComparisonOperator, Stats, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { BATCH_QUEUE_URL_ENV } from '#functions/contracts/environment';
import { batchFunctions, type FunctionSpec } from '#functions/function-registry';
import { ApiFunction } from './api-function';
import {
  batchDeadLetterQueueName,
  batchQueueName,
  batchQueueSettings,
  type QueueConsumerSettings,
} from './batch-queue-settings';
import { functionEntry } from './project-paths';
import { onlyFromQueue } from './redrive-allow';
import { routeFunctionName } from './resource-names';
import type { StageSettings } from './stage';

export interface BatchQueueProps {
  readonly settings: StageSettings;
  /** The table the processor and the dead-letter recorder read and write. */
  readonly table: ITable;
}

/**
 * Order batches through SQS (docs/decisions/order-batches.md D4, issue 4): the queue that carries one message per chunk
 * of a batch, its dead-letter queue, the processor that applies the chunks (partial batch
 * responses), the recorder that marks the items of dead messages as failed so that no batch
 * stays `processing` for ever, and alarms on what reaches the dead-letter queue.
 *
 * Every number comes from `batch-queue-settings.ts`, which the sandbox imports too.
 *
 * Encryption is SSE-SQS (keys owned by SQS), not KMS: messages hold order ids, dates and the
 * creator's user id, nothing that calls for a key policy of our own; SSE-SQS costs nothing per
 * request, cannot be throttled by KMS, and needs no kms:GenerateDataKey/Decrypt grants on the
 * sender and the consumers. A customer managed key would add per-use CloudTrail records and
 * revocation; it becomes worth it if another account or service must send to the queue.
 */
export class BatchQueue extends Construct {
  /** The wiring, for readers that cannot synthesize (the sandbox): same object as `batch-queue-settings.ts`. */
  static readonly settings = batchQueueSettings;

  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly processor: ApiFunction;
  readonly deadLetterRecorder: ApiFunction;
  /** Their action, the stage's alarm topic, is added by `Operations` (lib/operations/), like every alarm's. */
  readonly alarms: {
    readonly deadLetters: Alarm;
    readonly recorderErrors: Alarm;
    readonly stuckDeadLetters: Alarm;
  };

  constructor(scope: Construct, id: string, props: BatchQueueProps) {
    super(scope, id);
    const { settings, table } = props;
    const { queue, deadLetterQueue, processor, deadLetterRecorder } = batchQueueSettings;

    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      queueName: batchDeadLetterQueueName(settings.stage),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // A message keeps its first enqueue time when it is moved here, so this retention must
      // exceed the source queue's or a message could expire on arrival.
      retentionPeriod: Duration.seconds(deadLetterQueue.retentionPeriodSeconds),
      visibilityTimeout: Duration.seconds(deadLetterQueue.visibilityTimeoutSeconds),
      removalPolicy: settings.removalPolicy,
      redriveAllowPolicy: onlyFromQueue(this, 'SourceQueueArn', batchQueueName(settings.stage)),
    });

    this.queue = new Queue(this, 'Queue', {
      queueName: batchQueueName(settings.stage),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.seconds(queue.retentionPeriodSeconds),
      // A failed message becomes visible again only after this; at least 6 × the processor's
      // timeout, so a slow or retried invocation never has its messages handed out twice.
      visibilityTimeout: Duration.seconds(queue.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: queue.maxReceiveCount },
      removalPolicy: settings.removalPolicy,
    });

    this.processor = this.consumer('Processor', batchFunctions.processor, processor, {
      settings,
      table,
      source: this.queue,
      description: 'Applies the chunks of order batches from the queue (partial batch responses)',
    });
    this.deadLetterRecorder = this.consumer(
      'DeadLetterRecorder',
      batchFunctions.deadLetters,
      deadLetterRecorder,
      {
        settings,
        table,
        source: this.deadLetterQueue,
        description: 'Records the items of dead batch messages as failed, so their batches complete',
      },
    );

    this.alarms = {
      // The recorder drains the dead-letter queue within seconds, so messages that stay visible
      // mean it is failing, throttled or disabled: batches are stuck in `processing`.
      deadLetters: this.deadLetterQueue
        .metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: Stats.MAXIMUM })
        .createAlarm(this, 'DeadLettersAlarm', {
          alarmName: `${batchDeadLetterQueueName(settings.stage)}-messages-visible`,
          alarmDescription:
            `Messages wait in the dead-letter queue of the ${settings.stage} order batches: the dead-letter ` +
            'recorder is not draining it, so their batches stay in processing. See docs/batches-and-reports.md on redriving.',
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      // The dead-letter queue's only consumer: when it fails, dead items are never recorded.
      recorderErrors: this.deadLetterRecorder
        .metricErrors({ period: Duration.minutes(5), statistic: Stats.SUM })
        .createAlarm(this, 'DeadLetterRecorderErrorsAlarm', {
          alarmName: `${routeFunctionName(settings.stage, batchFunctions.deadLetters.name)}-errors`,
          alarmDescription:
            `The ${settings.stage} dead-letter recorder failed: items of dead batch messages may not be ` +
            'recorded as failed, so their batches may stay in processing.',
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      // A message the recorder reports as failed (not a chunk at all) is neither an Errors datapoint
      // nor visible for long, since it is received again every visibility timeout: its age shows it.
      stuckDeadLetters: this.deadLetterQueue
        .metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5), statistic: Stats.MAXIMUM })
        .createAlarm(this, 'StuckDeadLettersAlarm', {
          alarmName: `${batchDeadLetterQueueName(settings.stage)}-oldest-message-age`,
          alarmDescription:
            `A message has stayed over 15 minutes in the dead-letter queue of the ${settings.stage} order ` +
            'batches: the recorder cannot attribute it to a batch. Inspect it, then delete or redrive it (docs/batches-and-reports.md).',
          threshold: 15 * 60,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
    };
  }

  /** Lets a function send chunks to the queue: its URL in `BATCH_QUEUE_URL`, and sqs:SendMessage on this queue only. */
  addSender(fn: LambdaFunction): void {
    fn.addEnvironment(BATCH_QUEUE_URL_ENV, this.queue.queueUrl);
    this.queue.grantSendMessages(fn);
  }

  private consumer(
    id: string,
    spec: FunctionSpec,
    consumer: QueueConsumerSettings,
    { settings, table, source, description }: BatchQueueProps & { source: Queue; description: string },
  ): ApiFunction {
    const fn = new ApiFunction(this, id, {
      entry: functionEntry(spec.handler),
      functionName: routeFunctionName(settings.stage, spec.name),
      description,
      settings,
      timeout: Duration.seconds(consumer.timeoutSeconds),
    });
    fn.bindTable(table, spec.table ?? []);
    fn.addEventSource(
      new SqsEventSource(source, {
        batchSize: consumer.batchSize,
        maxBatchingWindow: Duration.seconds(consumer.maxBatchingWindowSeconds),
        reportBatchItemFailures: consumer.reportBatchItemFailures,
      }),
    );
    return fn;
  }
}
