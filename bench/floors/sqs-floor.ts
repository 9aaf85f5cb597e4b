/**
 * The SDK floor (bench/floors/sdk-floor.ts) with an SQS client set up as the batch queue's
 * sender sets up its own (functions/batches/adapters/sqs-chunk-queue.ts: no options, the endpoint
 * from the SDK's settings): the floor of `POST /orders/batches`.
 */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { floorHandler } from './sdk-floor';

const sqs = new SQSClient({});

export const handler = floorHandler((request) => {
  if (!('sendMessages' in request)) return undefined;
  const { queueUrl, count, bytes } = request.sendMessages;
  return sqs.send(
    new SendMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: Array.from({ length: count }, (_, i) => ({ Id: String(i), MessageBody: 'x'.repeat(bytes) })),
    }),
  );
});
