/**
 * The registry of every function that is not a route: the authorizer, the queue consumers, the
 * workflow tasks, the Cognito trigger and the stage preflight. The route table is
 * functions/routes.ts; `allFunctions` lists both, for the stack's grants and the sandbox's.
 * Like the route table, it holds data only (no handler imports).
 */

import { callerLimitAccess } from '#commons/store/caller-limit-access';
import { tableAccess } from '#commons/table-access';
import { batchStoreAccess as batch } from './batches/store/batch-access';
import { publishStoreAccess } from './catalogue/store/catalogue-access';
import { eventStoreAccess as events } from './events/store/event-access';
import { outcomeStoreAccess as outcomes } from './events/store/outcome-access';
import type { FunctionSpec } from './function-definition';
import { firstSignInAccess, userStoreAccess as users } from './identity/store/user-access';
import { orderStoreAccess as orders } from './orders/store/order-access';
import { reportJobStoreAccess as jobs } from './reports/store/report-access';
import { routes } from './routes';
import { webhookSecretStoreAccess as secrets } from './webhooks/store/webhook-secret-access';

export type { FunctionSpec } from './function-definition';

/**
 * Verifies bearer tokens for every `token` route: a TOKEN authorizer whose answer API Gateway
 * caches per token, so a token is verified once per cache period rather than once per request.
 */
export const authorizerFunction: FunctionSpec = {
  name: 'authorizer',
  handler: 'identity/handlers/authorizer',
};

/**
 * The functions behind the batch queue (not routes). The processor consumes the queue with
 * partial batch responses; the dead-letter recorder consumes its dead-letter queue and records
 * the items of each dead message as failed, so that no batch stays `processing` for ever.
 */
export const batchFunctions = {
  processor: {
    name: 'process-batch-items',
    handler: 'batches/handlers/process-batch-items',
    table: tableAccess(batch.setOrderSentOn, batch.recordChunk),
  },
  deadLetters: {
    name: 'record-dead-batch-items',
    handler: 'batches/handlers/record-dead-batch-items',
    table: batch.recordChunk,
  },
} as const satisfies Record<string, FunctionSpec>;

/**
 * The task functions of the report workflow (Step Functions, lib/report-workflow.ts): generate
 * the PDF into S3, record the job's state, and send the partner's callback.
 */
export const reportFunctions = {
  generate: {
    name: 'generate-report',
    handler: 'reports/handlers/generate-report',
    // The job, its orders, and the name of whom the report is for.
    table: tableAccess(jobs.getJob, orders.ordersCreatedBetween, users.getUser),
  },
  recordState: {
    name: 'record-report-state',
    handler: 'reports/handlers/record-report-state',
    // An ended job gives its caller's place back (docs/decisions/report-export.md D56): a failed one is read for its owner.
    table: tableAccess(
      jobs.markCompleted,
      jobs.markFailed,
      jobs.getJob,
      jobs.markNotDelivered,
      callerLimitAccess('reports').release,
    ),
  },
  sendCallback: {
    name: 'send-report-callback',
    handler: 'reports/handlers/send-report-callback',
    // The job, its attempts, and the secrets of its owner to sign with (docs/decisions/report-export.md D60).
    table: tableAccess(jobs.getJob, jobs.recordCallbackAttempt, secrets.list),
  },
} as const satisfies Record<string, FunctionSpec>;

/**
 * The task function of the catalogue publish workflow (lib/catalogue-publishing.ts): each task
 * names its step (lock, validate and plan, write a chunk, switch, remove a version, stock, failure).
 */
export const catalogueFunctions = {
  publishStep: {
    name: 'publish-catalogue-step',
    handler: 'catalogue/handlers/publish-catalogue-step',
    table: publishStoreAccess,
  },
} as const satisfies Record<string, FunctionSpec>;

/**
 * The consumer of the stage's order and user events (lib/order-events.ts, docs/decisions/order-and-user-events.md D47): it
 * reads the events queue behind the bus's rule, with partial batch responses.
 */
export const eventFunctions = {
  consumer: {
    name: 'consume-events',
    handler: 'events/handlers/consume-events',
    // The orders, users and lists it changes, and each event's outcome item (docs/decisions/order-and-user-events.md D78).
    table: tableAccess(events.placeOrder, events.changeOrderStatus, events.putUser, outcomes.record),
  },
} as const satisfies Record<string, FunctionSpec>;

/**
 * The Cognito pre token generation (V2) trigger of a stage with its own user pool
 * (lib/identity.ts): the integer user id into the access token, and a first sign-in's user record.
 */
export const identityFunctions = {
  preTokenGeneration: {
    name: 'pre-token-generation',
    handler: 'identity/handlers/pre-token-generation',
    table: firstSignInAccess,
  },
} as const satisfies Record<string, FunctionSpec>;

/**
 * The stage preflight (lib/stage-preflight-resource.ts, docs/decisions/stages-and-deploys.md D75): a custom resource's function
 * that checks the account before anything else of the stage is created, and lets a protected
 * stage's failed first create be deployed again.
 */
export const deploymentFunctions = {
  preflight: {
    name: 'stage-preflight',
    handler: 'deployment/handlers/stage-preflight',
  },
} as const satisfies Record<string, FunctionSpec>;

/** Every function of a stage, routes first: what the infra tests and the sandbox's table grants go through. */
export const allFunctions: readonly FunctionSpec[] = [
  ...routes,
  authorizerFunction,
  ...Object.values(identityFunctions),
  ...Object.values(batchFunctions),
  ...Object.values(reportFunctions),
  ...Object.values(catalogueFunctions),
  ...Object.values(eventFunctions),
  ...Object.values(deploymentFunctions),
];
