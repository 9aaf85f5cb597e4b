/**
 * What a deploy of the stack starts a state machine with: the stack's custom resources whose
 * Create call (an `AwsCustomResource`'s SDK call, as CloudFormation hands it to its provider) is
 * Step Functions' StartExecution of that state machine. The sandbox starts each at every start,
 * as a deploy would (docs/decisions/catalogue-versions.md D73: the catalogue upgrade).
 */
import { DefinitionError, resolveDefinitionString, type TemplateResource } from './state-machine-definition';

interface SdkCall {
  readonly service?: unknown;
  readonly action?: unknown;
  readonly parameters?: { readonly stateMachineArn?: unknown; readonly input?: unknown };
}

/** The ways AwsCustomResource lets a call name Step Functions and StartExecution. */
const STEP_FUNCTIONS = new Set(['@aws-sdk/client-sfn', 'client-sfn', 'sfn', 'stepfunctions']);
const START_EXECUTION = new Set(['startexecution', 'startexecutioncommand']);

/**
 * The inputs (JSON text) the custom resources among `resources` start the state machine
 * `stateMachineLogicalId` (whose sandbox ARN is `stateMachineArn`) with. A call to that state
 * machine the sandbox cannot play (another action, a value it cannot resolve) is an error, found
 * at start.
 */
export function deployStartsFrom(
  resources: Readonly<Record<string, TemplateResource>>,
  stateMachineLogicalId: string,
  stateMachineArn: string,
): string[] {
  const inputs: string[] = [];
  for (const [logicalId, resource] of Object.entries(resources)) {
    const create = resource.Type.startsWith('Custom::') ? resource.Properties?.Create : undefined;
    if (create === undefined) continue;
    if (!JSON.stringify(create).includes(`"Ref":"${stateMachineLogicalId}"`)) continue;
    const text = resolveDefinitionString(
      create,
      (id, attribute) => {
        throw new DefinitionError(`The custom resource ${logicalId} uses ${id}.${attribute}, unknown here`);
      },
      (id) => (id === stateMachineLogicalId ? stateMachineArn : undefined),
    );
    const call = JSON.parse(text) as SdkCall;
    const service = String(call.service).toLowerCase();
    const action = String(call.action).toLowerCase();
    const input = call.parameters?.input;
    if (
      !STEP_FUNCTIONS.has(service) ||
      !START_EXECUTION.has(action) ||
      call.parameters?.stateMachineArn !== stateMachineArn ||
      typeof input !== 'string'
    ) {
      throw new DefinitionError(
        `The custom resource ${logicalId} calls ${String(call.service)} ${String(call.action)} on the state ` +
          'machine, which the sandbox does not play (only StartExecution with an input)',
      );
    }
    inputs.push(input);
  }
  return inputs;
}
