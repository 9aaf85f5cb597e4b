/**
 * The sample events of the queue functions (`events/process-batch-items.json`,
 * `events/record-dead-batch-items.json`): SQS events as the sandbox's event source mapping
 * builds them, carrying chunk messages as `POST /orders/batches` sends them. Written with the
 * route events by `npx tsx bin/make-events.ts`.
 *
 * Invoking them changes nothing in the seeded data: the items are orders of customer 2 with
 * the `sent_on` they already have (plus another customer's order, an error), for batch 1 —
 * which a fresh sandbox does not have, so no batch records their result.
 */

import { createHash } from 'node:crypto';
import type { Message } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import type { BatchChunkMessage } from '#functions/contracts/batch-chunks';
import { batchFunctions } from '#functions/function-registry';
import { batchDeadLetterQueueName, batchQueueName } from '#lib/batch-queue-settings';
import { queueArn, SANDBOX_ACCOUNT, SANDBOX_REGION, SANDBOX_STAGE } from '../sandbox-identity';
import { seedOrders } from '../seed/order-seed';
import { sqsRecord } from './sqs-event';

/** Fixed times and ids keep the committed files stable. */
const SENT_AT = Date.parse('2026-01-15T09:30:00.000Z');
const SAMPLE_CUSTOMER = 2;

const stableUuid = (name: string) => {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** Chunk 0 of batch 1 by customer 2: two of their shipped orders (dates unchanged) and someone else's. */
export const sampleChunk = (): BatchChunkMessage => {
  const orders = seedOrders();
  const theirs = orders.filter((o) => o.userId === SAMPLE_CUSTOMER && o.sentOn !== null).slice(0, 2);
  const another = orders.find((o) => o.userId !== SAMPLE_CUSTOMER)!;
  return {
    batchId: 1,
    chunk: 0,
    ownerId: SAMPLE_CUSTOMER,
    admin: false,
    items: [
      ...theirs.map((o) => ({ id: o.id, sentOn: o.sentOn! })),
      { id: another.id, sentOn: '2026-01-15' },
    ],
  };
};

/** One received message, as fauxqs answers ReceiveMessage with all attributes. */
const sampleMessage = (name: string, body: string, receiveCount: number): Message => ({
  MessageId: stableUuid(`${name}-message`),
  ReceiptHandle: stableUuid(`${name}-receipt`),
  MD5OfBody: createHash('md5').update(body).digest('hex'),
  Body: body,
  Attributes: {
    SenderId: SANDBOX_ACCOUNT,
    SentTimestamp: String(SENT_AT),
    ApproximateReceiveCount: String(receiveCount),
    ApproximateFirstReceiveTimestamp: String(SENT_AT + 150),
  },
});

/** The event each queue function receives from its event source mapping. */
export const sampleSqsEvents = (): Record<string, SQSEvent> => {
  const body = JSON.stringify(sampleChunk());
  const processor = batchFunctions.processor.name;
  const deadLetters = batchFunctions.deadLetters.name;
  return {
    [processor]: {
      Records: [
        sqsRecord(sampleMessage(processor, body, 1), {
          arn: queueArn(batchQueueName(SANDBOX_STAGE)),
          region: SANDBOX_REGION,
        }),
      ],
    },
    // A message moved to the dead-letter queue keeps its receive count: it failed every delivery.
    [deadLetters]: {
      Records: [
        sqsRecord(sampleMessage(deadLetters, body, 4), {
          arn: queueArn(batchDeadLetterQueueName(SANDBOX_STAGE)),
          region: SANDBOX_REGION,
        }),
      ],
    },
  };
};
