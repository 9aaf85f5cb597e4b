import { Template } from 'aws-cdk-lib/assertions';
import { type CreateCommerceApiOptions, createCommerceApi } from '../../lib/commerce-api-stack';

/**
 * Builds the app as `cdk synth` would (cdk.json feature flags) but without bundling and
 * without the built-in CloudFormation validation (an App prop in aws-cdk-lib 2.276, not a
 * context key), which keeps a stack synth well under a second (docs/design.md §4).
 */
export function synth(options: CreateCommerceApiOptions = {}) {
  const { app, stack } = createCommerceApi({
    ...options,
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
