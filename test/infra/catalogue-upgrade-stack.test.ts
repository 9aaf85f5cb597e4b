/**
 * The catalogue upgrade in the template (docs/decisions/catalogue-versions.md D73): the deploy's trigger, a custom
 * resource that starts the publish workflow with this code's layout, after the task function it
 * needs, with nothing but that right and a log group of its own; and the workflow's upgrade and
 * removal paths.
 */

import { CATALOGUE_LAYOUT } from '#functions/catalogue/domain/catalogue-layout';
import {
  PUBLISH_ERRORS,
  PUBLISH_STATES,
  PUBLISH_TIMING,
  UPGRADE_START,
} from '#functions/contracts/publish-workflow-contract';
import {
  definitionOf,
  dev,
  functions,
  logicalId,
  prod,
  resources,
  statementsOf,
} from './support/report-template';
import { type CfnJson, resourcesOfType } from './synth';

const { catalogue } = dev.stack;
const stateMachineId = logicalId(catalogue.stateMachine);
const publishStepId = logicalId(catalogue.publishStep);
const [[triggerId, trigger]] = Object.entries(resourcesOfType(dev.template, 'Custom::CatalogueUpgrade')) as [
  [string, CfnJson],
];
const providerId: string = trigger.Properties.ServiceToken['Fn::GetAtt'][0];
const provider = functions[providerId]!;

/** An SDK call as the custom resource's provider receives it, the state machine's Ref named. */
const callOf = (property: CfnJson) => {
  const [, parts] = property['Fn::Join'] as [string, CfnJson[]];
  return JSON.parse(parts.map((part) => (typeof part === 'string' ? part : `<${part.Ref}>`)).join(''));
};

describe('the upgrade trigger', () => {
  it('starts the publish workflow with this code’s layout when created and when its layout changes', () => {
    expect(UPGRADE_START).toEqual({ kind: 'upgrade', layout: CATALOGUE_LAYOUT });
    for (const property of ['Create', 'Update']) {
      expect(callOf(trigger.Properties[property])).toEqual({
        service: '@aws-sdk/client-sfn',
        action: 'StartExecution',
        parameters: { stateMachineArn: `<${stateMachineId}>`, input: JSON.stringify(UPGRADE_START) },
        physicalResourceId: { responsePath: 'executionArn' },
      });
    }
    // Nothing to do when the stack is deleted; no SDK download during a deploy.
    expect(trigger.Properties.Delete).toBeUndefined();
    expect(trigger.Properties.InstallLatestAwsSdk).toBe(false);
  });

  it('runs after the task function it needs has its new code', () => {
    expect(trigger.DependsOn).toEqual(expect.arrayContaining([publishStepId]));
  });

  it('may start that state machine and write its own log group, nothing else', () => {
    const logGroupId = provider.Properties.LoggingConfig.LogGroup.Ref;
    expect(statementsOf(providerId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Action: 'states:StartExecution', Resource: { Ref: stateMachineId } }),
        expect.objectContaining({
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] },
        }),
      ]),
    );
    expect(statementsOf(providerId)).toHaveLength(2);
    expect(provider.Properties.ManagedPolicyArns).toBeUndefined();
    expect(provider.Properties.FunctionName).toBe('commerce-api-dev-catalogue-upgrade-trigger');
  });

  it('has a log group of its own, removed with an unprotected stage and kept with a protected one', () => {
    const logGroupId = provider.Properties.LoggingConfig.LogGroup.Ref;
    expect(resources[logGroupId]).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: {
        LogGroupName: '/aws/lambda/commerce-api-dev-catalogue-upgrade-trigger',
        RetentionInDays: 14,
      },
      DeletionPolicy: 'Delete',
    });
    const kept = Object.values(resourcesOfType(prod.template, 'AWS::Logs::LogGroup')).find(
      (group) => group.Properties.LogGroupName === '/aws/lambda/commerce-api-prod-catalogue-upgrade-trigger',
    );
    expect(kept).toMatchObject({
      DeletionPolicy: 'RetainExceptOnCreate',
      Properties: { RetentionInDays: 365 },
    });
    expect(triggerId).toBeDefined();
  });
});

describe('the publish workflow’s upgrade and removal paths', () => {
  const states: Record<string, CfnJson> = definitionOf(
    resources[stateMachineId].Properties.DefinitionString,
  ).States;
  const catchOf = (name: string) => states[name].Catch.map((c: CfnJson) => c.Next);

  it('sends an upgrade to its own first state, named after its execution, and on to the lock', () => {
    const start = states[PUBLISH_STATES.isUpgrade];
    expect(start.Choices).toEqual([
      { Variable: '$.kind', StringEquals: 'upgrade', Next: PUBLISH_STATES.nameUpgrade },
    ]);
    expect(start.Default).toBe(PUBLISH_STATES.acquireLock);
    expect(states[PUBLISH_STATES.nameUpgrade]).toMatchObject({
      Parameters: { 'execution.$': '$$.Execution.Name', 'startedAt.$': '$$.Execution.StartTime' },
      Next: PUBLISH_STATES.lockForUpgrade,
    });
    expect(states[PUBLISH_STATES.nameUpgrade].ResultPath).toBeUndefined();
  });

  it('waits and asks again while the lock is taken, plans as a publish does, and records a failure like one', () => {
    expect(states[PUBLISH_STATES.upgradeNext].Choices).toEqual([
      { Variable: '$.upgrade.next', StringEquals: 'plan', Next: PUBLISH_STATES.plan },
      { Variable: '$.upgrade.next', StringEquals: 'wait', Next: PUBLISH_STATES.waitForLock },
    ]);
    expect(states[PUBLISH_STATES.upgradeNext].Default).toBe(PUBLISH_STATES.upToDate);
    expect(states[PUBLISH_STATES.waitForLock]).toMatchObject({
      Seconds: PUBLISH_TIMING.upgradeLockPollSeconds,
      Next: PUBLISH_STATES.lockForUpgrade,
    });
    expect(catchOf(PUBLISH_STATES.lockForUpgrade)).toEqual([PUBLISH_STATES.recordFailure]);
  });

  it('records every removal that fails after its retries, then fails the execution', () => {
    for (const removal of [
      PUBLISH_STATES.removePrevious,
      PUBLISH_STATES.removeFailed,
      PUBLISH_STATES.removeLeftover,
    ]) {
      expect(catchOf(removal)).toEqual([PUBLISH_STATES.recordRemovalFailure]);
      expect(states[removal].Parameters['version.$']).toBe('$.removal.version');
    }
    expect(states[PUBLISH_STATES.recordRemovalFailure].Next).toBe(PUBLISH_STATES.removalFailed);
    expect(states[PUBLISH_STATES.removalFailed]).toMatchObject({
      Type: 'Fail',
      Error: PUBLISH_ERRORS.removalFailed,
    });
  });

  it('removes a version left behind under the lock, when an operator asks', () => {
    expect(states[PUBLISH_STATES.whichKind].Choices).toContainEqual({
      Variable: '$.kind',
      StringEquals: 'remove',
      Next: 'Start removing version left behind',
    });
    expect(states['Start removing version left behind'].Parameters).toEqual({
      'version.$': '$.version',
      cursor: { file: 1, item: 0 },
    });
    expect(states[PUBLISH_STATES.moreLeftover].Default).toBe(PUBLISH_STATES.recordRemoval);
  });
});
