/**
 * A state machine of the stack as the sandbox runs it: the definition its CDK construct
 * synthesizes, never a hand-kept copy. Its `DefinitionString` is an `Fn::Join` whose Task
 * resources are `Fn::GetAtt [<function>, Arn]`; each is replaced by the sandbox ARN of that
 * function, and each Task state is tied to the function spec (functions/function-registry.ts) behind it.
 */
import type { FunctionSpec } from '#functions/function-registry';
import {
  lambdaArn,
  SANDBOX_ACCOUNT,
  SANDBOX_REGION,
  SANDBOX_STAGE,
  stateMachineArn,
} from '../sandbox-identity';

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

/** A Lambda function of the stack that a Task state calls, as its template describes it. */
export interface TaskFunction {
  readonly spec: FunctionSpec;
  readonly functionName: string;
  readonly functionArn: string;
  /** The function's own timeout (Lambda `Timeout`), in seconds. */
  readonly timeoutSeconds: number;
  readonly memoryMb: number;
}

export interface SandboxStateMachine {
  readonly stateMachineName: string;
  readonly stateMachineArn: string;
  readonly definition: AslDefinition;
  /** Every Task state of the definition, by state name, with the function its Resource names. */
  readonly tasks: ReadonlyMap<string, TaskFunction>;
  /**
   * The inputs a deploy of the stack starts it with (a custom resource's StartExecution,
   * deploy-starts.ts), which the sandbox starts at every start.
   */
  readonly startedByDeploy?: readonly string[];
}

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
 * an `Fn::Join` of strings, `Fn::GetAtt`s (answered by `getAtt`), pseudo-parameter `Ref`s and
 * the `Ref`s `ref` answers. Anything else cannot be known without deploying, so it is an error.
 */
export function resolveDefinitionString(
  value: unknown,
  getAtt: (logicalId: string, attribute: string) => string,
  ref: (logicalId: string) => string | undefined = () => undefined,
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
        if (fn === 'Ref' && typeof args === 'string') {
          const known = PSEUDO_PARAMETERS[args] ?? ref(args);
          if (known !== undefined) return known;
        }
        if (fn === 'Fn::Join' && Array.isArray(args) && args.length === 2) {
          const [separator, parts] = args;
          if (typeof separator === 'string' && Array.isArray(parts)) return parts.map(part).join(separator);
        }
      }
    }
    throw new DefinitionError(
      `The state machine's definition holds ${describe(item)}, which the sandbox cannot resolve`,
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

export interface StateMachineFromTemplateInput {
  /** The state machine resource's properties (`DefinitionString`, `StateMachineName`). */
  readonly stateMachine: Readonly<Record<string, unknown>>;
  /** The stack's resources by logical id, where the definition's `Fn::GetAtt`s point. */
  readonly resources: Readonly<Record<string, TemplateResource>>;
  /** The functions its Task states may call. */
  readonly functions: readonly FunctionSpec[];
  /** What the errors call the state machine and its functions: `report` for "the report state machine". */
  readonly kind: string;
  readonly stage?: string;
}

/**
 * The definition and its Task functions, from the state machine's properties and the stack's
 * resources. A function's spec is the one the construct named it after
 * (`routeFunctionName(stage, spec.name)`, lib/resource-names.ts); a Task whose Resource is not one of
 * those functions cannot run in the sandbox, so it is an error, found at start.
 */
export function stateMachineFromTemplate(
  input: StateMachineFromTemplateInput,
  routeFunctionName: (stage: string, name: string) => string,
): SandboxStateMachine {
  const { kind } = input;
  const stage = input.stage ?? SANDBOX_STAGE;
  const byArn = new Map<string, TaskFunction>();
  const getAtt = (logicalId: string, attribute: string) => {
    const resource = input.resources[logicalId];
    if (attribute !== 'Arn' || resource?.Type !== 'AWS::Lambda::Function') {
      throw new DefinitionError(
        `The ${kind} state machine's definition uses ${logicalId}.${attribute}: only function ARNs are resolved`,
      );
    }
    const props = resource.Properties ?? {};
    const functionName = props.FunctionName;
    const spec = input.functions.find((s) => routeFunctionName(stage, s.name) === functionName);
    if (typeof functionName !== 'string' || !spec) {
      throw new DefinitionError(
        `The ${kind} state machine calls ${logicalId} (${describe(functionName)}), which is not a ${kind} function`,
      );
    }
    const fn: TaskFunction = {
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
    throw new DefinitionError(`The ${kind} state machine has no fixed StateMachineName`);
  }
  const text = resolveDefinitionString(input.stateMachine.DefinitionString, getAtt);
  const definition = JSON.parse(text) as AslDefinition;
  const tasks = new Map<string, TaskFunction>();
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
