#!/usr/bin/env node
/**
 * The CDK app: one stack per stage, `cdk deploy -c stage=<name>` (default `dev`). Tokens come
 * from the stage's own Cognito user pool, or from an external OIDC issuer with
 * `-c issuer=https://… -c audience=…` (docs/identity.md). Once per account and region, before the
 * first stage: `cdk deploy -c setup=account` (API Gateway's logging role and setting).
 * Every synth runs the cdk-nag AwsSolutions checks; an unacknowledged finding fails it.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { addStacks } from '../lib/commerce-api-stack';

const app = new App();
addStacks(app);
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
