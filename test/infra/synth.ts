import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { type CreateCommerceApiOptions, createCommerceApi } from '../../lib/commerce-api-stack';
import { DEFAULT_STAGE } from '../../lib/stage';
import { readStageFile, STAGES_DIR, type StageFile } from '../../lib/stage-file';

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
 * context key), which keeps a stack synth well under a second (docs/design.md §4). The stage's
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
  return { app, stack, template: Template.fromStack(stack) };
}

// biome-ignore lint/suspicious/noExplicitAny: a CloudFormation template is untyped JSON.
export type CfnJson = any;
type Resources = Record<string, { Type: string; Properties: CfnJson; [key: string]: CfnJson }>;

/** The template's resources of one CloudFormation type, by logical id. */
export function resourcesOfType(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}
