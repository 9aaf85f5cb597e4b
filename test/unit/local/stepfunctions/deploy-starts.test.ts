/**
 * What the sandbox starts at every start as a deploy would (docs/decisions/catalogue-versions.md D73): the StartExecution
 * of the publish workflow that the catalogue construct's custom resource makes, read from the
 * synthesized construct, the same as the whole stage's template holds.
 */
import { UPGRADE_START } from '#functions/contracts/publish-workflow-contract';
import { THROWAWAY_STAGE_FILE } from '#lib/stage';
import { cataloguePublishingConstruct } from '#local/catalogue/sandbox-catalogue';
import { deployStartsFrom } from '#local/stepfunctions/deploy-starts';
import { DefinitionError, type TemplateResource } from '#local/stepfunctions/state-machine-definition';
import { synthesizeStateMachine } from '#local/stepfunctions/synthesize-state-machine';
import { synth } from '../../../infra/synth';

const ARN = 'arn:aws:states:us-east-1:000000000000:stateMachine:m';
/** A custom resource whose Create is an SDK call, as CloudFormation holds it: an Fn::Join around the state machine's Ref. */
const call = (action: string, parameters: Record<string, unknown>) => {
  const [before, after] = JSON.stringify({
    service: '@aws-sdk/client-sfn',
    action,
    parameters: { stateMachineArn: '<arn>', ...parameters },
  }).split('<arn>');
  return {
    Type: 'Custom::Trigger',
    Properties: { Create: { 'Fn::Join': ['', [before, { Ref: 'Machine' }, after]] } },
  };
};

describe('deployStartsFrom', () => {
  it('reads the input of each custom resource that starts the state machine, and nothing else', () => {
    const resources: Record<string, TemplateResource> = {
      Trigger: call('StartExecution', { input: '{"kind":"upgrade"}' }),
      Other: { Type: 'Custom::S3AutoDeleteObjects', Properties: { BucketName: { Ref: 'Bucket' } } },
      Machine: { Type: 'AWS::StepFunctions::StateMachine' },
    };
    expect(deployStartsFrom(resources, 'Machine', ARN)).toEqual(['{"kind":"upgrade"}']);
    expect(deployStartsFrom(resources, 'AnotherMachine', ARN)).toEqual([]);
  });

  it('refuses a call on the state machine that the sandbox does not play', () => {
    expect(() =>
      deployStartsFrom({ Trigger: call('StopExecution', { input: '{}' }) }, 'Machine', ARN),
    ).toThrow(DefinitionError);
    expect(() => deployStartsFrom({ Trigger: call('StartExecution', {}) }, 'Machine', ARN)).toThrow(
      /does not play/,
    );
  });
});

describe('the catalogue workflow the sandbox runs', () => {
  it('is started with what the stage’s upgrade trigger starts it with', async () => {
    const machine = await synthesizeStateMachine(cataloguePublishingConstruct);
    expect(machine.startedByDeploy).toEqual([JSON.stringify(UPGRADE_START)]);
    const template = synth({ stage: 'sandbox', stageFile: THROWAWAY_STAGE_FILE }).template.toJSON() as {
      Resources: Record<string, TemplateResource>;
    };
    const [stateMachineId] = Object.entries(template.Resources).find(
      ([, r]) => r.Properties?.StateMachineName === machine.stateMachineName,
    )!;
    expect(deployStartsFrom(template.Resources, stateMachineId, machine.stateMachineArn)).toEqual(
      machine.startedByDeploy,
    );
  });
});
