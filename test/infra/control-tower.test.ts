/**
 * AWS Control Tower's proactive controls (cfn-guard, @cdklabs/cdk-validator-cfnguard, whose
 * cfn-guard binary comes with the npm package) on the prod template: every control the stack
 * does not meet on purpose is in lib/guard-acknowledgements.ts with its reason; any other
 * finding fails here.
 */
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import { NestedStack } from 'aws-cdk-lib';
import { CONTROL_TOWER_ACKNOWLEDGEMENTS } from '#lib/guard-acknowledgements';
import { type CfnJson, resourcesOfType, synth } from './synth';

const prod = synth({ stage: 'prod' });
const assembly = prod.app.synth();
/** The stack's template and its nested stacks' (the route functions', docs/decisions/functions-and-bundles.md D55). */
const templatePaths = [
  assembly.getStackByName(prod.stack.stackName).templateFullPath,
  ...readdirSync(assembly.directory)
    .filter((file) => file.endsWith('.nested.template.json'))
    .map((file) => path.join(assembly.directory, file)),
];
const validate = (disabledRules: string[]) =>
  new CfnGuardValidator({ disabledRules, maxBuffer: 64 * 1024 * 1024 }).validate({
    templatePaths,
    appConstruct: prod.app,
  });

describe('the Control Tower proactive controls on prod', () => {
  it('read the stack’s template and every nested stack’s', () => {
    const nested = prod.stack.node.findAll().filter((c) => c instanceof NestedStack);
    expect(nested.length).toBeGreaterThan(5);
    expect(templatePaths).toHaveLength(1 + nested.length);
  });

  it('find nothing but what is acknowledged with a reason', () => {
    const report = validate(Object.keys(CONTROL_TOWER_ACKNOWLEDGEMENTS));
    const findings = report.violations.map(
      (v) =>
        `${v.ruleName}: ${v.description} (${v.violatingResources.map((r) => r.resourceLogicalId).join(', ')})`,
    );
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('has a reason for every acknowledgement, and each acknowledged control really fires without it', () => {
    for (const { reason } of Object.values(CONTROL_TOWER_ACKNOWLEDGEMENTS)) {
      expect(reason.length).toBeGreaterThan(60);
    }
    const fired = [...new Set(validate([]).violations.map((v) => v.ruleName))].sort();
    expect(fired).toEqual(
      Object.values(CONTROL_TOWER_ACKNOWLEDGEMENTS)
        .map((a) => a.check)
        .sort(),
    );
  });

  it('lets API Gateway and Cognito invoke functions only from this stack’s own API stage and user pool', () => {
    const permissions = Object.values(resourcesOfType(prod.template, 'AWS::Lambda::Permission'));
    expect(permissions.length).toBeGreaterThan(20);
    for (const { Properties: p } of permissions as CfnJson[]) {
      expect(['apigateway.amazonaws.com', 'cognito-idp.amazonaws.com']).toContain(p.Principal);
      expect(JSON.stringify(p.SourceArn)).toMatch(
        p.Principal === 'apigateway.amazonaws.com' ? /ApiRestApi/ : /UserPool/,
      );
    }
  });
});
