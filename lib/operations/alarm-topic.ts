import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AnyPrincipal, Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import type { StageSettings } from '../stage';
import { alarmTopicName } from './settings';

/**
 * The topic every alarm notifies: the stage file's `alarmEmail` is subscribed to it, and an
 * operator may subscribe more (chat, paging) to the stack output `AlarmTopicArn`. Encrypted under a key of its own, because CloudWatch cannot use
 * the AWS managed key of SNS (its policy cannot let CloudWatch in); TLS only.
 */
export function createAlarmTopic(scope: Construct, settings: StageSettings): Topic {
  const stack = Stack.of(scope);
  const key = new Key(scope, 'AlarmTopicKey', {
    alias: `alias/${alarmTopicName(settings.stage)}`,
    description: `Encrypts the ${settings.stage} alarm notifications (SNS topic ${alarmTopicName(settings.stage)})`,
    enableKeyRotation: true,
    // It protects notifications in flight only, and the topic goes with the stack: so does the key.
    removalPolicy: RemovalPolicy.DESTROY,
    pendingWindow: Duration.days(7),
  });
  // What CloudWatch needs to publish to an encrypted topic (CloudWatch documentation).
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: 'AllowCloudWatchAlarmsToUseTheKey',
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  );
  // Grants of this key only for AWS services acting on resources (Control Tower CT.KMS.PR.3).
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: 'DenyGrantsButForAwsResources',
      effect: Effect.DENY,
      principals: [new AnyPrincipal()],
      actions: ['kms:CreateGrant'],
      resources: ['*'],
      conditions: {
        BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' },
      },
    }),
  );
  const topic = new Topic(scope, 'AlarmTopic', {
    topicName: alarmTopicName(settings.stage),
    displayName: `Commerce API ${settings.stage} alarms`,
    masterKey: key,
    enforceSSL: true,
  });
  // The topic policy replaces SNS's default one: let this account's alarms publish, nobody else's.
  topic.addToResourcePolicy(
    new PolicyStatement({
      sid: 'AllowThisAccountsAlarmsToPublish',
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        StringEquals: { 'aws:SourceAccount': stack.account },
        ArnLike: {
          'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*`,
        },
      },
    }),
  );
  // The stage file's address: AWS mails it once to confirm, then every alarm reaches it.
  if (settings.alarmEmail) topic.addSubscription(new EmailSubscription(settings.alarmEmail));
  return topic;
}
