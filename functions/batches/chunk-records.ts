import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as v from 'valibot';
import { logger } from '#commons/logger';
import { flushMetrics } from '#commons/metrics';
import type { BatchChunkMessage } from './domain/batch';
import { chunkMessage } from './message-schema';

const parseChunk = (record: SQSRecord): BatchChunkMessage => {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    throw new Error('Batch message is not JSON');
  }
  const parsed = v.safeParse(chunkMessage, body);
  if (!parsed.success) throw new Error('Batch message does not have the expected shape');
  return parsed.output;
};

/**
 * An SQS handler with partial batch responses (Powertools): each record's chunk is handled on
 * its own, and only the records that failed are reported back to be retried. The metrics the
 * chunks counted are written once, at the end of the invocation.
 */
export const chunkRecordsHandler =
  (handle: (message: BatchChunkMessage) => Promise<void>) =>
  async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    logger.addContext(context);
    const processor = new BatchProcessor(EventType.SQS);
    try {
      return await processPartialResponse(
        event,
        async (record: SQSRecord) => {
          const message = parseChunk(record);
          logger.appendKeys({ batchId: message.batchId, chunk: message.chunk });
          try {
            await handle(message);
          } finally {
            logger.removeKeys(['batchId', 'chunk']);
          }
        },
        processor,
        { context },
      );
    } finally {
      flushMetrics();
    }
  };
