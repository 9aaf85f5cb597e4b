import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { type CreateCommerceApiOptions, createCommerceApi } from '#lib/commerce-api-stack';
import { DEFAULT_STAGE } from '#lib/stage';
import { readStageFile, STAGES_DIR, type StageFile } from '#lib/stage-file';

/**
 * The account and region the tests pin protected stages to: the shipped prod.json names none
 * (a team adds its own before the first deploy, and synth refuses prod until then), so the
 * tests add these, which belong to no one.
 */
export const TEST_ENV = { account: '111111111111', region: 'eu-west-1' } as const;

/** A committed stage file as the tests deploy it: a protected one pinned to TEST_ENV. */
export function shippedStageFile(stage: string): StageFile {
  const file = readStageFile(stage);
  return file.protected && file.account === undefined ? { ...file, ...TEST_ENV } : file;
}

/**
 * Builds the app as `cdk synth` would (cdk.json feature flags) but without bundling and
 * without the built-in CloudFormation validation (an App prop in aws-cdk-lib 2.276, not a
 * context key), which keeps a stack synth well under a second (docs/architecture.md "Toolchain"). The stage's
 * committed file is used (pinned to TEST_ENV when protected) unless a file or folder is given.
 */
export function synth(options: CreateCommerceApiOptions = {}) {
  const stage = options.stage ?? (options.context?.stage as string | undefined) ?? DEFAULT_STAGE;
  const shipped =
    options.stageFile === undefined &&
    options.stagesDir === undefined &&
    existsSync(path.join(STAGES_DIR, `${stage}.json`));
  const { app, stack } = createCommerceApi({
    ...options,
    ...(shipped ? { stageFile: shippedStageFile(stage) } : {}),
    appProps: { builtinCloudFormationValidation: false, ...options.appProps },
  });
  return { app, stack, template: stageTemplate(stack), stackTemplate: Template.fromStack(stack) };
}

/** Replaces, anywhere in `json`, each object `replacement` answers for (a `Ref`, an `Fn::GetAtt`). */
function substitute(json: CfnJson, replacement: (token: CfnJson) => CfnJson | undefined): CfnJson {
  if (Array.isArray(json)) return json.map((item) => substitute(item, replacement));
  if (json === null || typeof json !== 'object') return json;
  const replaced = replacement(json);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(
    Object.entries(json).map(([key, value]) => [key, substitute(value, replacement)]),
  );
}

/**
 * The stage as one template: each nested stack's resources (the route functions', by area,
 * docs/decisions/functions-and-bundles.md D55) inlined beside the stack's own, its parameters replaced by what the stack
 * passes in and the stack's reads of its outputs by their values. Tests then read one stage,
 * whichever stack a resource lives in; `stackTemplate` is the stack's own, for its resource count.
 */
export function stageTemplate(stack: Stack): Template {
  // A copy: the assembly's template object is shared with every Template made from the stack.
  const root = structuredClone(Template.fromStack(stack).toJSON());
  const nestedStacks = stack.node
    .findAll()
    .filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === stack);
  const outputsOf = new Map<string, Record<string, CfnJson>>();
  for (const nested of nestedStacks) {
    const resourceId: string = stack.resolve(nested.nestedStackResource!.logicalId);
    const passed: Record<string, CfnJson> = root.Resources[resourceId].Properties.Parameters ?? {};
    const inner = Template.fromStack(nested).toJSON();
    const inlined = substitute(inner, (token) =>
      typeof token.Ref === 'string' && Object.keys(token).length === 1 && token.Ref in passed
        ? passed[token.Ref]
        : undefined,
    );
    // The same singleton (CDK's auto-delete provider) in two stacks: the nested one's is renamed.
    let text = JSON.stringify(inlined);
    for (const id of Object.keys(inlined.Resources).filter((id) => id in root.Resources)) {
      text = text.replaceAll(`"${id}"`, `"${id}In${resourceId}"`);
    }
    const renamed = JSON.parse(text);
    for (const [id, resource] of Object.entries(renamed.Resources)) {
      if (id in root.Resources)
        throw new Error(`Logical id ${id} is in the stack and in ${nested.node.path}`);
      root.Resources[id] = resource;
    }
    outputsOf.set(
      resourceId,
      Object.fromEntries(
        Object.entries(renamed.Outputs ?? {}).map(([name, output]) => [name, (output as CfnJson).Value]),
      ),
    );
    delete root.Resources[resourceId];
  }
  const flat = substitute(root, (token) => {
    const getAtt = token['Fn::GetAtt'];
    if (!Array.isArray(getAtt) || Object.keys(token).length !== 1) return undefined;
    const [id, attribute] = getAtt as [string, string];
    return outputsOf.get(id)?.[attribute.replace(/^Outputs\./, '')];
  });
  for (const resource of Object.values(flat.Resources) as CfnJson[]) {
    if (Array.isArray(resource.DependsOn)) {
      resource.DependsOn = resource.DependsOn.filter((id: string) => !outputsOf.has(id));
      if (resource.DependsOn.length === 0) delete resource.DependsOn;
    }
  }
  return Template.fromJSON(flat);
}

// biome-ignore lint/suspicious/noExplicitAny: a CloudFormation template is untyped JSON.
export type CfnJson = any;
type Resources = Record<string, { Type: string; Properties: CfnJson; [key: string]: CfnJson }>;

/** The template's resources of one CloudFormation type, by logical id. */
export function resourcesOfType(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}
