import { STAGE_ENV } from '#functions/contracts/environment';
import {
  LOCAL_STAGE,
  METRIC_DIMENSIONS,
  METRIC_NAMES,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
} from '#functions/contracts/metric-names';

/**
 * Counts one HTTP request under its route and status (`Requests`, dimensions `service`, `stage`,
 * `route` and `status`) as one line in CloudWatch's embedded metric format, the same line
 * Powertools Metrics writes (functions/commons/metrics.ts, for the queue and workflow functions).
 * Written here by hand because it is the only metric of most HTTP functions, and loading
 * Powertools Metrics for it cost every HTTP function about 3 ms of its cold start
 * (docs/performance.md "Budgets"). It honours the same switches: `POWERTOOLS_METRICS_DISABLED=true` (unit
 * tests, the sandbox) writes nothing; `POWERTOOLS_DEV=true` writes through `console.log`.
 *
 * `route` must come from a bounded set (the method and API Gateway's resource template, never the
 * request path): each distinct value is a metric CloudWatch bills.
 */
export const recordRequest = (route: string, status: number): void => {
  if (process.env.POWERTOOLS_METRICS_DISABLED === 'true') return;
  const { service, stage, route: routeDimension, status: statusDimension } = METRIC_DIMENSIONS;
  const line = JSON.stringify({
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [[service, stage, routeDimension, statusDimension]],
          Metrics: [{ Name: METRIC_NAMES.requests, Unit: 'Count' }],
        },
      ],
    },
    [service]: METRICS_SERVICE,
    [stage]: process.env[STAGE_ENV] || LOCAL_STAGE,
    [routeDimension]: route,
    [statusDimension]: String(status),
    [METRIC_NAMES.requests]: 1,
  });
  if (process.env.POWERTOOLS_DEV === 'true') console.log(line);
  else process.stdout.write(`${line}\n`);
};
