import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '#commons/logger';
import { flushMetrics } from '#commons/metrics';
import { recordLabel } from '../domain/event-outcome';
import { EventRejected } from '../domain/event-rejected';
import { countOutcome, rejectionLabel } from '../event-metrics';
import { consumeDelivery } from '../services/event-service';
import { dynamoDbEventStore } from '../store/dynamodb-event-store';
import { dynamoDbOutcomeStore } from '../store/dynamodb-outcome-store';

const handleRecord = async (record: SQSRecord): Promise<void> => {
  const receiveCount = Number(record.attributes.ApproximateReceiveCount) || 1;
  const outcome = await consumeDelivery(
    dynamoDbEventStore,
    dynamoDbOutcomeStore,
    { body: record.body, receiveCount },
    new Date(),
  );
  countOutcome(outcome.outcome);
  if (outcome.outcome === 'refused') {
    const reason = outcome.rejection ?? 'invalid';
    // The event id and the record id find the event; its personal content stays out of the log.
    logger.warn(`Event refused: ${rejectionLabel(reason)}`, {
      eventId: outcome.eventId ?? null,
      record: recordLabel(outcome.record),
      reason: outcome.reason,
      receiveCount,
      messageId: record.messageId,
    });
    // Reported failed: SQS delivers it again, and after maxReceiveCount receives the dead-letter queue keeps it.
    throw new EventRejected(reason, outcome.reason);
  }
};

/**
 * The events queue's consumer (docs/decisions/order-and-user-events.md D47, D78): applies each order or user event and
 * records its outcome, with partial batch responses. Records are handled one after the other, in
 * the order SQS handed them over, so one customer's orders take their list positions in the order
 * they were sent. A refused record is reported failed (not thrown for the whole batch, so a bad
 * event is not a function error): it comes back and, after maxReceiveCount receives, stays in the
 * dead-letter queue.
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
