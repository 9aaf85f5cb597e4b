import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { STAGE_ENV } from './environment';
import {
  LOCAL_STAGE,
  METRIC_DIMENSIONS,
  METRIC_NAMES,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  type MetricName,
} from './metric-names';

/**
 * The service's metrics, in CloudWatch's embedded metric format (Powertools Metrics): JSON lines
 * on stdout that CloudWatch Logs turns into metrics, so emitting costs no API call and no
 * latency. Namespace `CommerceApi`; dimensions `service` and `stage` on every metric.
 * `POWERTOOLS_METRICS_DISABLED=true` (unit tests, the sandbox) stops the output.
 */
const newMetrics = (): Metrics =>
  new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: METRICS_SERVICE,
    defaultDimensions: { [METRIC_DIMENSIONS.stage]: process.env[STAGE_ENV] || LOCAL_STAGE },
  });

/**
 * Counters of the queue and workflow functions, added to during an invocation and written once
 * at its end by `flushMetrics` (chunk-records.ts and workflow-task.ts call it). Only default
 * dimensions here: several invocations may share this object (the sandbox runs every function in
 * one process), so a per-invocation dimension would leak into another's metrics.
 */
export const metrics = newMetrics();

/** Adds to a counter of this invocation. */
export const countMetric = (name: MetricName, value = 1): void => {
  metrics.addMetric(name, MetricUnit.Count, value);
};

/** Writes the counters of this invocation, if any (Powertools warns on an empty flush). */
export const flushMetrics = (): void => {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
};

/** Its own object, so the request's dimensions never touch the counters above. */
const requestMetrics = newMetrics();

/**
 * Counts one HTTP request under its route and status (`Requests`, dimensions `route` and
 * `status`), written at once: dimensions set, metric added and flushed in one synchronous call,
 * so overlapping requests in one process cannot mix their dimensions. Called by the shared HTTP
 * middleware (`functions/commons/http/http-route.ts`) when it logs the request.
 *
 * `route` must come from a bounded set (the method and API Gateway's resource template, never the
 * request path): each distinct value is a metric CloudWatch bills.
 */
export const recordRequest = (route: string, status: number): void => {
  requestMetrics
    .addDimension(METRIC_DIMENSIONS.route, route)
    .addDimension(METRIC_DIMENSIONS.status, String(status))
    .addMetric(METRIC_NAMES.requests, MetricUnit.Count, 1)
    .publishStoredMetrics();
};
