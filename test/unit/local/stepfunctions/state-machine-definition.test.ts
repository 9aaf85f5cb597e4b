import { REPORT_STATES, TASK_TIMEOUTS } from '#functions/contracts/report-workflow-contract';
import { reportFunctions } from '#functions/function-registry';
import { routeFunctionName } from '#lib/resource-names';
import { THROWAWAY_STAGE_FILE } from '#lib/stage';
import { reportWorkflowConstruct } from '#local/reports/sandbox-reports';
import {
  DefinitionError,
  resolveDefinitionString,
  type SandboxStateMachine,
  stateMachineFromTemplate,
  type TemplateResource,
} from '#local/stepfunctions/state-machine-definition';
import { synthesizeStateMachine } from '#local/stepfunctions/synthesize-state-machine';
import { synth } from '../../../infra/synth';

/** What the report construct's Task states may call. */
const report = { functions: Object.values(reportFunctions), kind: 'report' } as const;

const fnResource = (name: string, timeout = 20): TemplateResource => ({
  Type: 'AWS::Lambda::Function',
  Properties: { FunctionName: routeFunctionName('sandbox', name), Timeout: timeout, MemorySize: 512 },
});

describe('resolveDefinitionString', () => {
  const getAtt = (id: string, attribute: string) => `<${id}.${attribute}>`;

  it('joins strings, function attributes and pseudo parameters', () => {
    expect(
      resolveDefinitionString(
        {
          'Fn::Join': [
            '',
            ['{"R":"', { 'Fn::GetAtt': ['Fn1', 'Arn'] }, '","P":"', { Ref: 'AWS::Partition' }, '"}'],
          ],
        },
        getAtt,
      ),
    ).toBe('{"R":"<Fn1.Arn>","P":"aws"}');
    expect(resolveDefinitionString('{"StartAt":"A"}', getAtt)).toBe('{"StartAt":"A"}');
  });

  it('refuses what cannot be known without deploying', () => {
    expect(() => resolveDefinitionString({ 'Fn::Join': ['', [{ Ref: 'SomeBucket' }]] }, getAtt)).toThrow(
      DefinitionError,
    );
    expect(() => resolveDefinitionString({ 'Fn::Sub': 'x' }, getAtt)).toThrow(/cannot resolve/);
  });
});

describe('stateMachineFromTemplate', () => {
  const definition = (resource: unknown) => ({
    'Fn::Join': [
      '',
      ['{"StartAt":"T","States":{"T":{"Type":"Task","End":true,"Resource":"', resource, '"}}}'],
    ],
  });

  it('ties each Task to the report function its ARN names, with that function timeout', () => {
    const workflow = stateMachineFromTemplate(
      {
        ...report,
        stateMachine: {
          StateMachineName: 'sm',
          DefinitionString: definition({ 'Fn::GetAtt': ['Gen', 'Arn'] }),
        },
        resources: { Gen: fnResource('generate-report', 300) },
      },
      routeFunctionName,
    );
    expect(workflow.stateMachineArn).toBe('arn:aws:states:us-east-1:000000000000:stateMachine:sm');
    expect(workflow.definition.States.T?.Resource).toBe(
      'arn:aws:lambda:us-east-1:000000000000:function:commerce-api-sandbox-generate-report',
    );
    expect(workflow.tasks.get('T')).toMatchObject({ spec: reportFunctions.generate, timeoutSeconds: 300 });
  });

  it('refuses a Task whose resource is not one of the report functions', () => {
    const build = (resource: unknown, resources: Record<string, TemplateResource>) => () =>
      stateMachineFromTemplate(
        {
          ...report,
          stateMachine: { StateMachineName: 'sm', DefinitionString: definition(resource) },
          resources,
        },
        routeFunctionName,
      );
    expect(build({ 'Fn::GetAtt': ['Other', 'Arn'] }, { Other: fnResource('get-product') })).toThrow(
      /not a report function/,
    );
    expect(build({ 'Fn::GetAtt': ['Topic', 'Arn'] }, { Topic: { Type: 'AWS::SNS::Topic' } })).toThrow(
      /only function ARNs/,
    );
    expect(build('arn:aws:states:::sns:publish', {})).toThrow(/cannot run/);
  });
});

describe('the report workflow the sandbox runs', () => {
  let workflow: SandboxStateMachine;
  beforeAll(async () => {
    workflow = await synthesizeStateMachine(reportWorkflowConstruct);
  });

  it('is the definition CDK synthesizes, each GetAtt replaced by the function ARN', () => {
    // The whole stage, its nested stacks inlined (the workflow has one of its own, docs/decisions/functions-and-bundles.md D55).
    const template = synth({ stage: 'sandbox', stageFile: THROWAWAY_STAGE_FILE }).template.toJSON() as {
      Resources: Record<string, TemplateResource>;
    };
    const [stateMachine] = Object.values(template.Resources).filter(
      (r) =>
        r.Type === 'AWS::StepFunctions::StateMachine' &&
        JSON.stringify(r.Properties).includes('commerce-api-sandbox-reports'),
    );
    const fromTemplate = stateMachineFromTemplate(
      { ...report, stateMachine: stateMachine!.Properties!, resources: template.Resources },
      routeFunctionName,
    );
    expect(workflow.definition).toEqual(fromTemplate.definition);
    expect(workflow.stateMachineArn).toBe(fromTemplate.stateMachineArn);
    expect([...workflow.tasks]).toEqual([...fromTemplate.tasks]);
    expect(JSON.stringify(workflow.definition)).not.toMatch(/Fn::|Ref/);
  });

  it('maps every Task state to its function, with the timeout the contract gives it', () => {
    const byState = Object.fromEntries(
      [...workflow.tasks].map(([state, fn]) => [state, [fn.spec.name, fn.timeoutSeconds]]),
    );
    expect(byState).toEqual({
      [REPORT_STATES.generate]: [reportFunctions.generate.name, TASK_TIMEOUTS.generate],
      [REPORT_STATES.markCompleted]: [reportFunctions.recordState.name, TASK_TIMEOUTS.record],
      [REPORT_STATES.markFailed]: [reportFunctions.recordState.name, TASK_TIMEOUTS.record],
      [REPORT_STATES.recordNotDelivered]: [reportFunctions.recordState.name, TASK_TIMEOUTS.record],
      [REPORT_STATES.sendCallback]: [reportFunctions.sendCallback.name, TASK_TIMEOUTS.callback],
    });
    expect(workflow.stateMachineName).toBe('commerce-api-sandbox-reports');
  });
});
