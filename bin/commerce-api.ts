#!/usr/bin/env node
/**
 * The CDK app: one stack per stage, `cdk deploy -c stage=<name>` (default `dev`), built from the
 * stage's file `stages/<name>.json` (docs/deploying.md). Once per account and region, before the
 * first stage: `cdk deploy -c setup=account` (API Gateway's logging role and setting).
 * Every synth runs the cdk-nag AwsSolutions checks; an unacknowledged finding fails it.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addStacks } from '#lib/commerce-api-stack';
import { StageSettingsError } from '#lib/stage-file';

const app = new App();
try {
  addStacks(app);
} catch (error) {
  // A missing or incomplete stage file: the message says what to do, a stack trace would bury it.
  if (!(error instanceof StageSettingsError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
