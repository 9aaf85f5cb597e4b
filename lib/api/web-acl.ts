import type { Stage } from 'aws-cdk-lib/aws-apigateway';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { resourceName } from '../resource-names';

/**
 * Requests one client IP may send in any 5 minutes before WAF blocks it for a while: 10 a second
 * on average, far above what a shop front or a partner polls, far below what takes the stage's
 * shared throttle (100 a second a route by default) from everyone else. Listing and search need
 * no token, so the client IP is the only identity a flood has there.
 */
export const REQUESTS_PER_IP_PER_5_MIN = 3000;

/**
 * AWS's common rule set (known bad inputs, scanners, path traversal …), except its 8 KB body
 * limit: `POST /orders/batches` takes up to 1,000 items (47,011 bytes at most, docs/decisions/http-requests.md D45),
 * and API Gateway refuses bodies over 10 MB itself, so that one rule only counts.
 */
const COMMON_RULE_SET = 'AWSManagedRulesCommonRuleSet';
const COUNTED_RULES = ['SizeRestrictions_BODY'];

const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

/** The web ACL in front of a protected stage's API (regional), associated with its stage. */
export class ApiWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: { stage: string; apiStage: Stage }) {
    super(scope, id);
    const name = resourceName(props.stage, 'api');
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      rules: [
        {
          name: 'aws-common-rule-set',
          priority: 0,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: COMMON_RULE_SET,
              ruleActionOverrides: COUNTED_RULES.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
            },
          },
          visibilityConfig: visibility(`${name}-common`),
        },
        {
          name: 'rate-per-client-ip',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: REQUESTS_PER_IP_PER_5_MIN,
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
            },
          },
          visibilityConfig: visibility(`${name}-rate`),
        },
      ],
    });
    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.apiStage.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
