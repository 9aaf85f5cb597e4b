import { Duration } from 'aws-cdk-lib';
import { resourceName, stageName } from '../resource-names';

/** The alarms' thresholds and windows and the stage's operations names, in one place. */

/** The thresholds and windows of the alarms, in one place (the "Alarms and what to do" table of docs/operations.md quotes them). */
export const ALARM_SETTINGS = {
  /** Share of the stage's requests answered 5xx, in percent, per minute; 3 such minutes out of 5. */
  api5xxRate: {
    thresholdPercent: 5,
    period: Duration.minutes(1),
    evaluationPeriods: 5,
    datapointsToAlarm: 3,
  },
  /** Any error, or any throttle, of one function within 5 minutes. */
  functionErrors: { threshold: 1, period: Duration.minutes(5) },
  functionThrottles: { threshold: 1, period: Duration.minutes(5) },
  /** Any report execution failed or timed out within 5 minutes. */
  executionsFailed: { threshold: 1, period: Duration.minutes(5) },
  /** Any callback given up within 5 minutes. */
  callbacksGivenUp: { threshold: 1, period: Duration.minutes(5) },
  /** Any catalogue publish, stock update, upgrade or removal that failed for the system's reasons, or timed out, within 5 minutes. */
  cataloguePublishFailed: { threshold: 1, period: Duration.minutes(5) },
  /** Any removal of a catalogue version that failed after its retries, within 5 minutes. */
  catalogueRemovalFailed: { threshold: 1, period: Duration.minutes(5) },
} as const;

/** CloudWatch's hard limit on the metrics one alarm may read. */
export const MAX_METRICS_PER_ALARM = 10;

/** Physical names of the stage's alarms (CloudWatch allows 255 characters). */
export const alarmNames = (stage: string) => ({
  api5xxRate: resourceName(stage, 'api-5xx-rate'),
  functionErrors: resourceName(stage, 'function-errors'),
  functionThrottles: resourceName(stage, 'function-throttles'),
  executionsFailed: resourceName(stage, 'report-executions-failed'),
  callbacksGivenUp: resourceName(stage, 'callbacks-given-up'),
  cataloguePublishFailed: resourceName(stage, 'catalogue-publish-failed'),
  catalogueRemovalFailed: resourceName(stage, 'catalogue-removal-failed'),
});

export const alarmTopicName = (stage: string): string => resourceName(stage, 'alarms');
/**
 * Dashboards are named per account, not per region: the region in the name keeps one stage
 * deployed to two regions from taking each other's dashboard.
 */
export const dashboardName = (stage: string, region: string): string => `${stageName(stage)}-${region}`;
