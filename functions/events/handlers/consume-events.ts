import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '#commons/logger';
import { flushMetrics } from '#commons/metrics';
import { parseBusEvent } from '../bus-event';
import { EventRejected } from '../domain/event-rejected';
import { countOutcome, rejectionLabel } from '../event-metrics';
import { applyEvent } from '../services/event-service';
import { dynamoDbEventStore } from '../store/dynamodb-event-store';

const handleRecord = async (record: SQSRecord): Promise<void> => {
  try {
    countOutcome(await applyEvent(dynamoDbEventStore, parseBusEvent(record.body)));
  } catch (error) {
    if (error instanceof EventRejected) {
      countOutcome('rejected');
      // The message id and receive count find the message; the event's content stays out of the log.
      logger.warn(`Event refused: ${rejectionLabel(error.reason)}`, {
        messageId: record.messageId,
        receiveCount: record.attributes.ApproximateReceiveCount,
        reason: error.message,
      });
    }
    throw error;
  }
};

/**
 * The events queue's consumer (docs/design.md D47): applies each order or user event, with
 * partial batch responses. Records are handled one after the other, in the order SQS handed them
 * over, so one customer's orders take their list positions in the order they were sent. A
 * refused record is reported failed (not thrown for the whole batch, so a bad event is not a
 * function error): it comes back and, after maxReceiveCount receives, stays in the dead-letter queue.
 */
export const handler = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  logger.addContext(context);
  try {
    return await processPartialResponse(event, handleRecord, new BatchProcessor(EventType.SQS), {
      context,
      processInParallel: false,
      throwOnFullBatchFailure: false,
    });
  } finally {
    flushMetrics();
  }
};
