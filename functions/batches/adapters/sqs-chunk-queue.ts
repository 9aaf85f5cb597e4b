import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '#commons/logger';
import { BATCH_QUEUE_URL_ENV } from '#functions/contracts/environment';
import type { ChunkQueue } from '../store/batch-store';

const sqs = new SQSClient({});

/** SQS takes at most 10 messages per SendMessageBatch. */
const PER_CALL = 10;

export const sqsChunkQueue: ChunkQueue = {
  async send(messages) {
    const queueUrl = process.env[BATCH_QUEUE_URL_ENV];
    if (!queueUrl) throw new Error(`${BATCH_QUEUE_URL_ENV} is not set`);
    const calls = Array.from({ length: Math.ceil(messages.length / PER_CALL) }, (_, i) =>
      messages.slice(i * PER_CALL, (i + 1) * PER_CALL),
    );
    const failed = await Promise.all(
      calls.map(async (entries) => {
        try {
          const { Failed = [] } = await sqs.send(
            new SendMessageBatchCommand({
              QueueUrl: queueUrl,
              Entries: entries.map(({ chunk, body, delaySeconds }) => ({
                Id: String(chunk),
                MessageBody: body,
                DelaySeconds: delaySeconds,
              })),
            }),
          );
          return Failed.map((f) => Number(f.Id));
        } catch (error) {
          // The SDK already retried; the whole call's chunks count as not sent.
          logger.error('sending batch chunks failed', error as Error);
          return entries.map((e) => e.chunk);
        }
      }),
    );
    return failed.flat();
  },
};
