import { RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

export const ACCOUNT_SETUP_STACK = 'CommerceApi-account';

/**
 * What one AWS account and region needs once, before any stage: API Gateway's account-level
 * setting and the role it writes every REST API's logs with. One per account and region, shared
 * by every stage (and by any other API there), so no stage stack owns it: a stage that did would
 * overwrite another's, and its deletion would leave the role behind. Deployed once with
 * `cdk deploy -c setup=account`, kept when its stack is deleted (other APIs may rely on it).
 */
export class AccountSetupStack extends Stack {
  readonly cloudWatchRole: Role;

  constructor(scope: Construct, id = ACCOUNT_SETUP_STACK, props: StackProps = {}) {
    super(scope, id, {
      description: 'API Gateway account settings (logging role) shared by every commerce-api stage',
      ...props,
    });
    this.cloudWatchRole = new Role(this, 'ApiGatewayCloudWatchRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
      description:
        'API Gateway writes the access and execution logs of the REST APIs of this account and region',
    });
    this.cloudWatchRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    Validations.of(this.cloudWatchRole).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        'This is the account-level role API Gateway uses to write logs for every REST API in the account ' +
        'and region, so it cannot be scoped to one API; AWS maintains this policy for exactly that role.',
    });
    const account = new CfnAccount(this, 'ApiGatewayAccount', {
      cloudWatchRoleArn: this.cloudWatchRole.roleArn,
    });
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);
  }
}
