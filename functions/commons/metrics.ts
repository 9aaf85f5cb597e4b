import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { STAGE_ENV } from '#functions/contracts/environment';
import {
  LOCAL_STAGE,
  METRIC_DIMENSIONS,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  type MetricName,
} from '#functions/contracts/metric-names';

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

/** HTTP requests are counted without Powertools, to keep it out of the HTTP functions' cold start. */
export { recordRequest } from './http/request-metric';
