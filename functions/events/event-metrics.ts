import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { metrics } from '#commons/metrics';
import type { OutcomeKind } from './domain/event-outcome';
import type { RejectionReason } from './domain/event-rejected';

/**
 * The consumer's counters (CloudWatch, namespace and dimensions of functions/commons/metrics.ts),
 * added per record and written once per invocation.
 */
export const EVENT_METRICS = {
  /** Events that changed a record. */
  applied: 'EventsApplied',
  /** Redelivered, duplicate or older events, which changed nothing. */
  ignored: 'EventsIgnored',
  /** Deliveries refused (schema, unknown user or order): each comes back until the dead-letter queue takes it. */
  refused: 'EventsRejected',
} as const satisfies Record<OutcomeKind, string>;

export const countOutcome = (outcome: OutcomeKind): void => {
  metrics.addMetric(EVENT_METRICS[outcome], MetricUnit.Count, 1);
};

/** The rejections by reason, for the log line of a refused delivery. */
export const rejectionLabel = (reason: RejectionReason): string =>
  ({ invalid: 'invalid event', 'unknown-user': 'unknown user', 'unknown-order': 'unknown order' })[reason];
