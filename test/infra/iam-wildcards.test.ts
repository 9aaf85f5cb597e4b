/**
 * Every IAM statement whose resource is "*" (acknowledged for cdk-nag as AwsSolutions-IAM5
 * [Resource::*]) grants only actions that have no resource-level permissions: X-Ray tracing, the
 * CloudWatch Logs log-delivery actions Step Functions logging needs, and the stage preflight's
 * read of the account's Lambda concurrency. Any other action on "*" fails here, so the acknowledgement cannot cover a future wildcard by accident.
 */
import { type CfnJson, resourcesOfType, synth } from './synth';

/** The actions AWS lets no resource be named for, which our tracing, state machine logging and preflight use. */
const ALLOWED_ON_ANY_RESOURCE = [
  'lambda:GetAccountSettings',
  'logs:CreateLogDelivery',
  'logs:DeleteLogDelivery',
  'logs:DescribeLogGroups',
  'logs:DescribeResourcePolicies',
  'logs:GetLogDelivery',
  'logs:ListLogDeliveries',
  'logs:PutResourcePolicy',
  'logs:UpdateLogDelivery',
  'xray:GetSamplingRules',
  'xray:GetSamplingTargets',
  'xray:PutTelemetryRecords',
  'xray:PutTraceSegments',
];

const onAnyResource = (template: ReturnType<typeof synth>['template']): string[] => {
  const actions = new Set<string>();
  for (const policy of Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))) {
    for (const statement of policy.Properties.PolicyDocument.Statement as CfnJson[]) {
      if ([statement.Resource].flat().includes('*'))
        for (const a of [statement.Action].flat()) actions.add(a);
    }
  }
  return [...actions].sort();
};

describe('IAM statements on any resource', () => {
  it.each(['dev', 'prod'])('in %s grant only actions without resource-level permissions', (stage) => {
    const found = onAnyResource(synth({ stage }).template);
    expect(found.filter((action) => !ALLOWED_ON_ANY_RESOURCE.includes(action))).toEqual([]);
    expect(found).toEqual(expect.arrayContaining(['xray:PutTraceSegments', 'logs:CreateLogDelivery']));
  });
});
