/**
 * The report state machine as the sandbox runs it: the definition the CDK construct
 * (lib/report-workflow.ts) synthesizes, read from the stack built in-process with bundling off,
 * never from a hand-kept copy. Its `DefinitionString` is an `Fn::Join` whose Task resources are
 * `Fn::GetAtt [<function>, Arn]`; each is replaced by the sandbox ARN of that function, and each
 * Task state is tied to the function spec (functions/routes.ts `reportFunctions`) behind its ARN.
 */
import { type FunctionSpec, reportFunctions } from '../../functions/routes';
import { SANDBOX_REGION } from '../function-env';
import { SANDBOX_ACCOUNT } from '../gateway/proxy-event';
import { SANDBOX_STAGE } from '../queues/batch-queue-wiring';

/** A state of an Amazon States Language definition, as far as the sandbox looks into it. */
export interface AslState {
  readonly Type: string;
  readonly Resource?: string;
  readonly Retry?: readonly unknown[];
  readonly Branches?: readonly AslDefinition[];
  readonly Iterator?: AslDefinition;
  readonly ItemProcessor?: AslDefinition;
  readonly [field: string]: unknown;
}

export interface AslDefinition {
  readonly StartAt: string;
  readonly States: Readonly<Record<string, AslState>>;
  readonly TimeoutSeconds?: number;
  readonly [field: string]: unknown;
}

/** A Lambda function of the stack, as its template describes it. */
export interface WorkflowFunction {
  readonly spec: FunctionSpec;
  readonly functionName: string;
  readonly functionArn: string;
  /** The function's own timeout (Lambda `Timeout`), in seconds. */
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
}

export interface ReportWorkflowDefinition {
  readonly stateMachineName: string;
  readonly stateMachineArn: string;
  readonly definition: AslDefinition;
  /** Every Task state of the definition, by state name, with the function its Resource names. */
  readonly tasks: ReadonlyMap<string, WorkflowFunction>;
}

export const lambdaArn = (functionName: string) =>
  `arn:aws:lambda:${SANDBOX_REGION}:${SANDBOX_ACCOUNT}:function:${functionName}`;

export const stateMachineArn = (name: string) =>
  `arn:aws:states:${SANDBOX_REGION}:${SANDBOX_ACCOUNT}:stateMachine:${name}`;

/** The values of the pseudo parameters a definition may `Ref`. */
const PSEUDO_PARAMETERS: Readonly<Record<string, string>> = {
  'AWS::Partition': 'aws',
  'AWS::Region': SANDBOX_REGION,
  'AWS::AccountId': SANDBOX_ACCOUNT,
  'AWS::URLSuffix': 'amazonaws.com',
};

export class DefinitionError extends Error {}

const describe = (value: unknown) => JSON.stringify(value)?.slice(0, 200) ?? String(value);

/**
 * Turns a synthesized `DefinitionString` into the definition's text: a plain string as it is,
 * an `Fn::Join` of strings, `Fn::GetAtt`s (answered by `getAtt`) and pseudo-parameter `Ref`s.
 * Anything else cannot be known without deploying, so it is an error.
 */
export function resolveDefinitionString(
  value: unknown,
  getAtt: (logicalId: string, attribute: string) => string,
): string {
  const part = (item: unknown): string => {
    if (typeof item === 'string') return item;
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      const entries = Object.entries(item);
      if (entries.length === 1) {
        const [[fn, args]] = entries as [[string, unknown]];
        if (fn === 'Fn::GetAtt' && Array.isArray(args) && args.length === 2) {
          const [logicalId, attribute] = args;
          if (typeof logicalId === 'string' && typeof attribute === 'string')
            return getAtt(logicalId, attribute);
        }
        if (fn === 'Ref' && typeof args === 'string' && PSEUDO_PARAMETERS[args] !== undefined) {
          return PSEUDO_PARAMETERS[args];
        }
        if (fn === 'Fn::Join' && Array.isArray(args) && args.length === 2) {
          const [separator, parts] = args;
          if (typeof separator === 'string' && Array.isArray(parts)) return parts.map(part).join(separator);
        }
      }
    }
    throw new DefinitionError(
      `The report state machine's definition holds ${describe(item)}, which the sandbox cannot resolve`,
    );
  };
  return part(value);
}

/** Every state of a definition, nested ones (Parallel branches, Map iterators) included. */
export function* allStates(definition: AslDefinition): Generator<[string, AslState]> {
  for (const [name, state] of Object.entries(definition.States)) {
    yield [name, state];
    for (const nested of [...(state.Branches ?? []), state.Iterator, state.ItemProcessor]) {
      if (nested) yield* allStates(nested);
    }
  }
}

/** A CloudFormation resource, as the sandbox reads it from the stack. */
export interface TemplateResource {
  readonly Type: string;
  readonly Properties?: Readonly<Record<string, unknown>>;
}

export interface WorkflowFromTemplateInput {
  /** The state machine resource's properties (`DefinitionString`, `StateMachineName`). */
  readonly stateMachine: Readonly<Record<string, unknown>>;
  /** The stack's resources by logical id, where the definition's `Fn::GetAtt`s point. */
  readonly resources: Readonly<Record<string, TemplateResource>>;
  readonly functions?: readonly FunctionSpec[];
  readonly stage?: string;
}

/**
 * The definition and its Task functions, from the state machine's properties and the stack's
 * resources. A function's spec is the one the construct named it after
 * (`routeFunctionName(stage, spec.name)`, lib/http-api.ts); a Task whose Resource is not one of
 * those functions cannot run in the sandbox, so it is an error, found at start.
 */
export function workflowFromTemplate(
  input: WorkflowFromTemplateInput,
  routeFunctionName: (stage: string, name: string) => string,
): ReportWorkflowDefinition {
  const stage = input.stage ?? SANDBOX_STAGE;
  const specs = input.functions ?? Object.values(reportFunctions);
  const byArn = new Map<string, WorkflowFunction>();
  const getAtt = (logicalId: string, attribute: string) => {
    const resource = input.resources[logicalId];
    if (attribute !== 'Arn' || resource?.Type !== 'AWS::Lambda::Function') {
      throw new DefinitionError(
        `The report state machine's definition uses ${logicalId}.${attribute}: only function ARNs are resolved`,
      );
    }
    const props = resource.Properties ?? {};
    const functionName = props.FunctionName;
    const spec = specs.find((s) => routeFunctionName(stage, s.name) === functionName);
    if (typeof functionName !== 'string' || !spec) {
      throw new DefinitionError(
        `The report state machine calls ${logicalId} (${describe(functionName)}), which is not a report function`,
      );
    }
    const fn: WorkflowFunction = {
      spec,
      functionName,
      functionArn: lambdaArn(functionName),
      // Lambda's defaults when the template leaves them out.
      timeoutSeconds: typeof props.Timeout === 'number' ? props.Timeout : 3,
      memoryMb: typeof props.MemorySize === 'number' ? props.MemorySize : 128,
    };
    byArn.set(fn.functionArn, fn);
    return fn.functionArn;
  };

  const name = input.stateMachine.StateMachineName;
  if (typeof name !== 'string') {
    throw new DefinitionError('The report state machine has no fixed StateMachineName');
  }
  const text = resolveDefinitionString(input.stateMachine.DefinitionString, getAtt);
  const definition = JSON.parse(text) as AslDefinition;
  const tasks = new Map<string, WorkflowFunction>();
  for (const [stateName, state] of allStates(definition)) {
    if (state.Type !== 'Task') continue;
    const fn = state.Resource === undefined ? undefined : byArn.get(state.Resource);
    if (!fn) {
      throw new DefinitionError(
        `The Task state "${stateName}" calls ${describe(state.Resource)}, which the sandbox cannot run`,
      );
    }
    tasks.set(stateName, fn);
  }
  return { stateMachineName: name, stateMachineArn: stateMachineArn(name), definition, tasks };
}

/**
 * Builds the report construct in-process, with bundling off, in a throwaway stack beside the
 * table it needs (about 0.3 s; the whole stack would build every route function and the API
 * too), and reads the state machine back from its L1 constructs, each property resolved as
 * synthesis resolves it (a unit test checks the result equals the whole stack's synthesized
 * template), without writing a cloud assembly. The construct's ids are those of the stack, so
 * the logical ids are too. aws-cdk-lib is imported here, lazily.
 */
export async function synthesizeReportWorkflow(stage = SANDBOX_STAGE): Promise<ReportWorkflowDefinition> {
  const [
    { App, Stack },
    { CfnFunction },
    { CfnStateMachine },
    { ReportWorkflow },
    { CommerceTable },
    stages,
    { routeFunctionName },
  ] = await Promise.all([
    import('aws-cdk-lib'),
    import('aws-cdk-lib/aws-lambda'),
    import('aws-cdk-lib/aws-stepfunctions'),
    import('../../lib/report-workflow'),
    import('../../lib/storage'),
    import('../../lib/stage'),
    import('../../lib/http-api'),
  ]);
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
  const stack = new Stack(app, 'SandboxReports');
  const settings = stages.stageSettings(stage);
  const { table } = new CommerceTable(stack, 'Storage', { settings });
  const reports = new ReportWorkflow(stack, 'Reports', { settings, table });
  const resources: Record<string, TemplateResource> = {};
  for (const construct of stack.node.findAll()) {
    if (!(construct instanceof CfnFunction) || Stack.of(construct) !== stack) continue;
    resources[stack.getLogicalId(construct)] = {
      Type: CfnFunction.CFN_RESOURCE_TYPE_NAME,
      Properties: stack.resolve({
        FunctionName: construct.functionName,
        Timeout: construct.timeout,
        MemorySize: construct.memorySize,
      }),
    };
  }
  const stateMachine = reports.stateMachine.node.defaultChild;
  if (!(stateMachine instanceof CfnStateMachine)) throw new DefinitionError('No state machine resource');
  return workflowFromTemplate(
    {
      stateMachine: stack.resolve({
        StateMachineName: stateMachine.stateMachineName,
        DefinitionString: stateMachine.definitionString,
      }),
      resources,
      stage,
    },
    routeFunctionName,
  );
}
