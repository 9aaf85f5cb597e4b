import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { FunctionSpec } from '#functions/function-registry';
import type { StageSettings } from '#lib/stage';
import { SANDBOX_STAGE } from '../sandbox-identity';
import { cachedSynthesis, type SynthCodec } from '../synth-cache';
import { deployStartsFrom } from './deploy-starts';
import {
  DefinitionError,
  type SandboxStateMachine,
  stateMachineFromTemplate,
  type TaskFunction,
  type TemplateResource,
} from './state-machine-definition';

/** A construct of the stack that holds a state machine, and how to build it alone. */
export interface StateMachineConstruct {
  /** The throwaway stack's id. */
  readonly stackId: string;
  /** What errors call the state machine and its functions (`report`). */
  readonly kind: string;
  /** The functions its Task states may call. */
  readonly functions: readonly FunctionSpec[];
  /**
   * Builds the construct in `stack`, beside the table, with the ids the stack gives it (so the
   * logical ids are the stack's too), and answers its state machine. Imports its own construct
   * module, lazily.
   */
  build(stack: Stack, context: { settings: StageSettings; table: Table }): Promise<StateMachine>;
  /**
   * A custom resource of the construct starts the state machine when the stack is deployed: the
   * throwaway stack is then synthesized (about 0.1 s more) to read that call as CloudFormation
   * hands it over (deploy-starts.ts).
   */
  readonly startedByDeploy?: boolean;
}

/** A state machine as the synthesis cache keeps it: its tasks' map as entries. */
const stateMachineCodec: SynthCodec<SandboxStateMachine> = {
  encode: (machine) => ({ ...machine, tasks: [...machine.tasks.entries()] }),
  decode: (json) => {
    const { tasks, ...machine } = json as Omit<SandboxStateMachine, 'tasks'> & {
      tasks: [string, TaskFunction][];
    };
    return { ...machine, tasks: new Map(tasks) };
  },
};

/** The sandbox's state machine of a construct: synthesized once for the code it comes from (local/synth-cache.ts). */
export const sandboxStateMachine = (construct: StateMachineConstruct): Promise<SandboxStateMachine> =>
  cachedSynthesis(
    `state-machine-${construct.stackId}`,
    () => synthesizeStateMachine(construct),
    stateMachineCodec,
  );

/**
 * Builds a state machine's construct in-process, with bundling off, in a throwaway stack beside
 * the table it needs (about 0.3 s; the whole stack would build every route function and the
 * API too), and reads the state machine back from its L1 constructs, each property resolved as
 * synthesis resolves it (a unit test checks the result equals the whole stack's synthesized
 * template), without writing a cloud assembly. aws-cdk-lib is imported here, lazily.
 */
export async function synthesizeStateMachine(
  construct: StateMachineConstruct,
  stage = SANDBOX_STAGE,
): Promise<SandboxStateMachine> {
  const [
    { App, Stack },
    { CfnFunction },
    { CfnStateMachine },
    { CommerceTable },
    { stageSettings, THROWAWAY_STAGE_FILE },
    { routeFunctionName },
  ] = await Promise.all([
    import('aws-cdk-lib'),
    import('aws-cdk-lib/aws-lambda'),
    import('aws-cdk-lib/aws-stepfunctions'),
    import('#lib/storage'),
    import('#lib/stage'),
    import('#lib/resource-names'),
  ]);
  // Only a construct that a deploy starts is synthesized, into a directory of its own.
  const outdir = construct.startedByDeploy
    ? mkdtempSync(path.join(tmpdir(), 'commerce-api-sandbox-synth-'))
    : undefined;
  const app = new App({
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
    ...(outdir ? { outdir } : {}),
  });
  const stack = new Stack(app, construct.stackId);
  const settings = stageSettings(stage, THROWAWAY_STAGE_FILE);
  const { table } = new CommerceTable(stack, 'Storage', { settings });
  const built = await construct.build(stack, { settings, table });
  const resources: Record<string, TemplateResource> = {};
  for (const node of stack.node.findAll()) {
    if (!(node instanceof CfnFunction) || Stack.of(node) !== stack) continue;
    resources[stack.getLogicalId(node)] = {
      Type: CfnFunction.CFN_RESOURCE_TYPE_NAME,
      Properties: stack.resolve({
        FunctionName: node.functionName,
        Timeout: node.timeout,
        MemorySize: node.memorySize,
      }),
    };
  }
  const stateMachine = built.node.defaultChild;
  if (!(stateMachine instanceof CfnStateMachine)) {
    throw new DefinitionError(`The ${construct.kind} construct has no state machine resource`);
  }
  const machine = stateMachineFromTemplate(
    {
      stateMachine: stack.resolve({
        StateMachineName: stateMachine.stateMachineName,
        DefinitionString: stateMachine.definitionString,
      }),
      resources,
      functions: construct.functions,
      kind: construct.kind,
      stage,
    },
    routeFunctionName,
  );
  if (!outdir) return machine;
  try {
    const { template } = app.synth().getStackByName(stack.stackName);
    return {
      ...machine,
      startedByDeploy: deployStartsFrom(
        (template as { Resources: Record<string, TemplateResource> }).Resources,
        stack.getLogicalId(stateMachine),
        machine.stateMachineArn,
      ),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
