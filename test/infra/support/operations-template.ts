import { alarmNames } from '#lib/operations/settings';
import { type CfnJson, resourcesOfType, synth } from '../synth';

export const dev = synth({ stage: 'dev' });
export const prod = synth({ stage: 'prod' });
export const { operations } = dev.stack;
export const resources = dev.template.toJSON().Resources as Record<string, CfnJson>;
export const alarms = resourcesOfType(dev.template, 'AWS::CloudWatch::Alarm');
export const composites = resourcesOfType(dev.template, 'AWS::CloudWatch::CompositeAlarm');
export const functions = resourcesOfType(dev.template, 'AWS::Lambda::Function');
export const names = alarmNames('dev');

export const logicalId = (construct: { node: { defaultChild?: unknown } }): string =>
  dev.stack.resolve((construct.node.defaultChild as CfnJson).logicalId);
export const topicId = logicalId(operations.topic);
export const alarmNamed = (name: string): CfnJson => {
  const found = Object.values(alarms).find((alarm) => alarm.Properties.AlarmName === name);
  if (!found) throw new Error(`no alarm ${name}`);
  return found.Properties;
};
export const compositeNamed = (name: string): CfnJson => {
  const found = Object.values(composites).find((alarm) => alarm.Properties.AlarmName === name);
  if (!found) throw new Error(`no composite alarm ${name}`);
  return found.Properties;
};
/** The metric of a math-expression alarm, by its id. */
export const metricOf = (alarm: CfnJson, id: string): CfnJson =>
  alarm.Metrics.find((query: CfnJson) => query.Id === id).MetricStat;
export const returned = (alarm: CfnJson): CfnJson => alarm.Metrics.find((query: CfnJson) => query.ReturnData);
/**
 * CDK's own handlers, not ours: the auto-delete handlers of the dev buckets (made without a name)
 * and the provider of the catalogue upgrade trigger (AwsCustomResource's, run by a deploy:
 * docs/decisions/catalogue-versions.md D73, test/infra/catalogue-upgrade-stack.test.ts).
 */
export const isCdkProvider = (fn: CfnJson) =>
  fn.Properties.FunctionName === undefined ||
  /^commerce-api-[a-z0-9-]+-catalogue-upgrade-trigger$/.test(fn.Properties.FunctionName);
export const ours = Object.entries(functions).filter(([, fn]) => !isCdkProvider(fn));
