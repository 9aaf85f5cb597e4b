/**
 * The service's own CloudWatch metrics, by name: what `functions/commons/metrics.ts` emits (EMF,
 * Powertools Metrics) and what the alarms and the dashboard of `lib/operations/` read. One
 * definition, so an alarm cannot watch a metric under a name or dimension set nobody emits.
 * It imports nothing but the environment contract: the CDK app loads this without Powertools.
 */

import { SERVICE_NAME } from './environment';

export const METRICS_NAMESPACE = 'CommerceApi';

/** The `service` dimension Powertools adds to every metric. */
export const METRICS_SERVICE = SERVICE_NAME;

/** The stage dimension's value where no stage is set: unit tests, the sandbox (where metrics are off). */
export const LOCAL_STAGE = 'local';

export const METRIC_DIMENSIONS = {
  service: 'service',
  stage: 'stage',
  /** `<METHOD> <API Gateway resource>`, e.g. `GET /v1/orders/{order_id}`: bounded by the route table. */
  route: 'route',
  /** The HTTP status answered, e.g. `404`. */
  status: 'status',
} as const;

/**
 * Every metric is a count (unit Count) with the dimensions `service` and `stage` alone, except
 * `requests`, which also has `route` and `status`.
 */
export const METRIC_NAMES = {
  /** One per HTTP request a function answered, by route and status. */
  requests: 'Requests',
  /** Batches whose last chunk was recorded (status `completed`), by the processor or the dead-letter recorder. */
  batchesCompleted: 'BatchesCompleted',
  /** Items of recorded chunks, applied or failed (what a batch's `count` adds up); a redelivered chunk counts once. */
  batchItemsProcessed: 'BatchItemsProcessed',
  /** Items recorded in a batch's `errors`: unknown or not the caller's order, or in a chunk that reached the dead-letter queue. */
  batchItemsFailed: 'BatchItemsFailed',
  /** Chunks the dead-letter recorder recorded as failed (every delivery of their message had failed). */
  batchChunksDeadLettered: 'BatchChunksDeadLettered',
  /** Report PDFs written to S3. */
  reportsGenerated: 'ReportsGenerated',
  /** Orders listed in the generated PDFs (one value a report). */
  reportOrders: 'ReportOrders',
  /** Reports recorded FAILED (generation or storage failed for good, or too many orders). */
  reportsFailed: 'ReportsFailed',
  /** Callbacks a partner accepted (2xx). */
  callbacksDelivered: 'CallbacksDelivered',
  /** Callback attempts a partner refused or did not answer; the state machine tries again. */
  callbackAttemptsFailed: 'CallbackAttemptsFailed',
  /** Callbacks given up after the last retry (the job records NOTIFICATION_FAILED). */
  callbacksGivenUp: 'CallbacksGivenUp',
  /**
   * Catalogue publishes, stock updates, upgrades and removals that failed for the system's reasons
   * (a task failed after its retries, a version conflict), not a refused file or a busy lock.
   */
  cataloguePublishesFailed: 'CataloguePublishesFailed',
  /** Removals of a previous, failed or left-behind catalogue version that failed after their retries. */
  catalogueRemovalsFailed: 'CatalogueRemovalsFailed',
} as const;

export type MetricName = (typeof METRIC_NAMES)[keyof typeof METRIC_NAMES];
