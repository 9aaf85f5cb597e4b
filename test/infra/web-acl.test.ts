/** WAF in front of protected stages (lib/api/web-acl.ts, docs/decisions/limits-and-throttles.md D42). */
import { REQUESTS_PER_IP_PER_5_MIN } from '#lib/api/web-acl';
import { type CfnJson, resourcesOfType, synth } from './synth';

const prod = synth({ stage: 'prod' });
const dev = synth({ stage: 'dev' });

describe('the web ACL', () => {
  const [acl] = Object.values(resourcesOfType(prod.template, 'AWS::WAFv2::WebACL'));

  it('guards the prod stage: regional, allowing by default, associated with the API stage', () => {
    expect(acl!.Properties).toMatchObject({
      Scope: 'REGIONAL',
      DefaultAction: { Allow: {} },
      Name: 'commerce-api-prod-api',
    });
    const [association] = Object.values(resourcesOfType(prod.template, 'AWS::WAFv2::WebACLAssociation'));
    const [stageId] = Object.keys(resourcesOfType(prod.template, 'AWS::ApiGateway::Stage'));
    expect(JSON.stringify(association!.Properties.ResourceArn)).toContain(stageId);
  });

  it("applies AWS's common rule set, counting only its 8 KB body rule (a batch of 1,000 items is larger)", () => {
    const common = acl!.Properties.Rules.find((r: CfnJson) => r.Name === 'aws-common-rule-set');
    expect(common.Statement.ManagedRuleGroupStatement).toEqual({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesCommonRuleSet',
      RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
    });
  });

  it(`blocks a client IP beyond ${REQUESTS_PER_IP_PER_5_MIN} requests in 5 minutes`, () => {
    const rate = acl!.Properties.Rules.find((r: CfnJson) => r.Name === 'rate-per-client-ip');
    expect(rate).toMatchObject({
      Action: { Block: {} },
      Statement: { RateBasedStatement: { Limit: REQUESTS_PER_IP_PER_5_MIN, AggregateKeyType: 'IP' } },
    });
  });

  it('is not on unprotected stages', () => {
    dev.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
  });
});
