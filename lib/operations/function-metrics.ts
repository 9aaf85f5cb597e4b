import type { Duration } from 'aws-cdk-lib';
import { Metric, Stats } from 'aws-cdk-lib/aws-cloudwatch';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import {
  METRIC_DIMENSIONS,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  type MetricName,
} from '#functions/contracts/metric-names';
import type { ApiFunction } from '../api-function';

/** `items` in runs of at most `size`. */
export const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The physical name a function was given (a plain string, unlike `functionName`, a token). */
export const physicalName = (fn: ApiFunction): string => {
  const name = (fn.node.defaultChild as CfnFunction).functionName;
  if (typeof name !== 'string') throw new Error(`${fn.node.path} has no physical name`);
  return name;
};

/** One of the service's own metrics of this stage (EMF, dimensions `service` and `stage`). */
export function serviceMetric(
  stage: string,
  metricName: MetricName,
  period: Duration,
  label?: string,
): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: {
      [METRIC_DIMENSIONS.service]: METRICS_SERVICE,
      [METRIC_DIMENSIONS.stage]: stage,
    },
    statistic: Stats.SUM,
    period,
    ...(label ? { label } : {}),
  });
}
