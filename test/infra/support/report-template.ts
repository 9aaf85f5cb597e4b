import { REPORT_READER_ROUTE, REPORT_STARTER_ROUTE, WEBHOOK_SECRET_ROUTE } from '#lib/commerce-api-stack';
import { type CfnJson, resourcesOfType, synth } from '../synth';

export const dev = synth({ stage: 'dev' });
export const prod = synth({ stage: 'prod' });
export const resources = dev.template.toJSON().Resources as Record<string, CfnJson>;
export const functions = resourcesOfType(dev.template, 'AWS::Lambda::Function');
export const policies = resourcesOfType(dev.template, 'AWS::IAM::Policy');

export const logicalId = (construct: { node: { defaultChild?: unknown } }): string =>
  dev.stack.resolve((construct.node.defaultChild as CfnJson).logicalId);
export const { reports } = dev.stack;
export const stateMachineId = logicalId(reports.stateMachine);
export const bucketId = logicalId(reports.bucket.bucket);
export const webhookKeyId = logicalId(reports.webhookKey);
export const generatorId = logicalId(reports.generator);
export const recorderId = logicalId(reports.stateRecorder);
export const callbackId = logicalId(reports.callbackSender);
export const starterId = logicalId(dev.stack.api.functionFor(REPORT_STARTER_ROUTE));
export const readerId = logicalId(dev.stack.api.functionFor(REPORT_READER_ROUTE));
export const secretMakerId = logicalId(dev.stack.api.functionFor(WEBHOOK_SECRET_ROUTE));
export const stateMachine = resources[stateMachineId];

export const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
export const objectsArn = (pattern: string) => ({ 'Fn::Join': ['', [arnOf(bucketId), `/${pattern}`]] });
export const roleIdOf = (functionId: string): string =>
  functions[functionId]!.Properties.Role['Fn::GetAtt'][0];
/** Every statement of the inline policies attached to a role. */
export const statementsOfRole = (roleId: string): CfnJson[] =>
  Object.values(policies)
    .filter((policy) => policy.Properties.Roles.some((role: CfnJson) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
export const statementsOf = (functionId: string) => statementsOfRole(roleIdOf(functionId));
export const actionsOf = (statement: CfnJson): string[] => [statement.Action].flat();
export const withActionPrefix = (statements: CfnJson[], prefix: string) =>
  statements.filter((s) => actionsOf(s).some((a) => a.startsWith(prefix)));
export const environmentOf = (functionId: string): Record<string, CfnJson> =>
  functions[functionId]!.Properties.Environment?.Variables ?? {};
/** Logical ids of the functions whose role has a statement with an action of this prefix. */
export const functionsAllowed = (prefix: string) =>
  Object.keys(functions).filter((id) => withActionPrefix(statementsOf(id), prefix).length > 0);

/** A placeholder for `{"Fn::GetAtt": [id, "Arn"]}` inside the definition. */
export const ARN_OF = (id: string) => `arn-of:${id}`;

/**
 * The definition as JSON: the template holds it as an Fn::Join of string pieces and the task
 * functions' `Fn::GetAtt` ARNs, which become `arn-of:<logical id>`.
 */
export function definitionOf(definitionString: CfnJson): CfnJson {
  const [separator, parts] = definitionString['Fn::Join'] as [string, CfnJson[]];
  const text = parts
    .map((part) => {
      if (typeof part === 'string') return part;
      const [id, attribute] = part['Fn::GetAtt'];
      if (attribute !== 'Arn') throw new Error(`Unexpected token in the definition: ${JSON.stringify(part)}`);
      return ARN_OF(id);
    })
    .join(separator);
  return JSON.parse(text);
}
export const definition = definitionOf(stateMachine.Properties.DefinitionString);
export const states: Record<string, CfnJson> = definition.States;
export const state = (name: string): CfnJson => {
  const found = states[name];
  if (!found) throw new Error(`No state ${name}`);
  return found;
};

export const LAMBDA_ERRORS = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];
