/**
 * The account setup stack (lib/account-setup-stack.ts): API Gateway's account-level logging role
 * and setting, once per account and region, outside every stage.
 */
import { App, Validations } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ACCOUNT_SETUP_STACK, AccountSetupStack } from '#lib/account-setup-stack';
import { addStacks } from '#lib/commerce-api-stack';

const build = () => {
  const app = new App({ context: { setup: 'account' } });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stack = addStacks(app);
  app.synth();
  return { stack, template: Template.fromStack(stack) };
};

describe('the account setup stack', () => {
  const { stack, template } = build();

  it('is what `cdk deploy -c setup=account` deploys, alone', () => {
    expect(stack).toBeInstanceOf(AccountSetupStack);
    expect(stack.stackName).toBe(ACCOUNT_SETUP_STACK);
  });

  it('sets the account-level logging role, and keeps both when its stack is deleted', () => {
    template.resourceCountIs('AWS::ApiGateway::Account', 1);
    template.hasResource('AWS::ApiGateway::Account', { DeletionPolicy: 'Retain' });
    template.hasResource('AWS::IAM::Role', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        AssumeRolePolicyDocument: Match.objectLike({
          Statement: [Match.objectLike({ Principal: { Service: 'apigateway.amazonaws.com' } })],
        }),
      }),
    });
  });

  it('passes cdk-nag with its one acknowledgement', () => {
    expect(Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-'))).toEqual([]);
  });
});
