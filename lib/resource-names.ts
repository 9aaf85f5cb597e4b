/**
 * Physical names of a stage's resources, written once: every name is `commerce-api-<stage>`
 * followed by what the resource is, so an operator finds a stage's table, functions, queues,
 * alarms and log groups by one prefix, and two stages in one account never collide. Imports
 * nothing, so the constructs, the sandbox and the tests can all use it.
 */
import { SERVICE_NAME } from '#functions/contracts/environment';

/** `CommerceApi-<stage>`: the stage's CloudFormation stack. */
export const stackName = (stage: string): string => `CommerceApi-${stage}`;

/** `commerce-api-<stage>`: the table, the REST API, the user pool and its client, the dashboard. */
export const stageName = (stage: string): string => `${SERVICE_NAME}-${stage}`;

/** `commerce-api-<stage>-<what>`: functions, queues, alarms, secrets, state machines, authorizers. */
export const resourceName = (stage: string, what: string): string => `${stageName(stage)}-${what}`;

/** Physical name of a route's function, so tests and operators can find it by route name. */
export const routeFunctionName = (stage: string, routeName: string): string => resourceName(stage, routeName);

/** What a stage's resource name says after the stage's prefix (`get-product`, `order-batches`). */
export const withoutStagePrefix = (stage: string, name: string): string =>
  name.startsWith(`${stageName(stage)}-`) ? name.slice(stageName(stage).length + 1) : name;
