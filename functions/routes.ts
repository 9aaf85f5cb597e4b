/**
 * The single route table. The CDK API construct, the sandbox's HTTP front and the OpenAPI
 * document are all derived from it, so a route cannot exist in one and not the others.
 * It holds data only (no handler imports), so the CDK app can read it without loading
 * function code.
 */

import { STATUS_ROUTE_THROTTLE } from '#commons/caller-limits';
import { callerLimitAccess } from '#commons/store/caller-limit-access';
import { type TableAccess, tableAccess } from '#commons/table-access';
import { batchStoreAccess as batch } from './batches/store/batch-access';
import { catalogueReadAccess, publishStoreAccess } from './catalogue/store/catalogue-access';
import { eventStoreAccess as events } from './events/store/event-access';
import { outcomeStoreAccess as outcomes } from './events/store/outcome-access';
import { firstSignInAccess, userStoreAccess as users } from './identity/store/user-access';
import { orderStoreAccess as orders } from './orders/store/order-access';
import { reportJobStoreAccess as jobs } from './reports/store/report-access';
import { webhookSecretStoreAccess as secrets } from './webhooks/store/webhook-secret-access';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

/** `public`: no token needed (catalogue reads, docs/design.md D2). `token`: a valid bearer token is required. */
export type Access = 'public' | 'token';

export type { TableAccess } from '#commons/table-access';

export interface Route {
  /** Unique function name, kebab-case; also the name of its sample event in `events/`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path under `/v1`, API Gateway syntax (`{name}` for a variable segment). */
  readonly path: string;
  /** Module under `functions/`, without extension, that exports `handler`. */
  readonly handler: string;
  readonly access: Access;
  /**
   * What the function may do to the table: the grants of the store operations it calls, listed
   * next to each store (`functions/<area>/store/*-access.ts`, docs/design.md D53). The stack
   * grants exactly this, and the sandbox refuses anything else.
   */
  readonly table: TableAccess;
  readonly summary: string;
  /** API Gateway method throttling for this route alone (all callers together), in place of the stage's. */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number };
}

const catalogue = (name: string, method: HttpMethod, path: string, summary: string): Route => ({
  name,
  method,
  path,
  handler: `catalogue/handlers/${name}`,
  access: 'public',
  table: catalogueReadAccess,
  summary,
});

const withToken =
  (area: 'identity' | 'orders' | 'batches' | 'reports' | 'webhooks') =>
  (name: string, method: HttpMethod, path: string, summary: string, table: TableAccess): Route => ({
    name,
    method,
    path,
    handler: `${area}/handlers/${name}`,
    access: 'token',
    table,
    summary,
  });
const identity = withToken('identity');
const order = withToken('orders');
const batches = withToken('batches');
const reports = withToken('reports');
const webhooks = withToken('webhooks');

export const routes: readonly Route[] = [
  catalogue('list-products', 'GET', '/products', 'List products, filtered and paged'),
  catalogue('search-products', 'POST', '/products/search', 'Search products with a criteria object'),
  catalogue('get-product', 'GET', '/products/{product_id}', 'Read one product'),
  catalogue(
    'get-product-technical-info',
    'GET',
    '/products/{product_id}/technical_info',
    'Technical information of a product',
  ),
  catalogue('get-product-ratings', 'GET', '/products/{product_id}/ratings', 'Ratings of a product'),
  catalogue('get-product-images', 'GET', '/products/{product_id}/images', 'Images of a product'),
  catalogue('get-product-stock', 'GET', '/products/{product_id}/stocks', 'Stock of a product at a location'),
  catalogue('get-book', 'GET', '/books/{book_id}', 'Read one book'),
  catalogue('get-computer', 'GET', '/computers/{computer_id}', 'Read one computer'),
  catalogue('list-business-units', 'GET', '/business-units', 'List business units'),
  catalogue('list-countries', 'GET', '/countries', 'List countries where products are sold'),
  catalogue(
    'list-country-products',
    'GET',
    '/countries/{country_id}/products',
    'List the products sold in a country',
  ),

  identity(
    'get-profile',
    'GET',
    '/profiles/{user_id}',
    "Read a user's profile (owner or administrator)",
    users.getUser,
  ),
  identity('get-my-profile', 'GET', '/profile/@me', "Read the caller's profile", users.getUser),
  identity(
    'get-implicit-profile',
    'GET',
    '/profile',
    "Read the caller's username (discouraged implicit form)",
    users.getUser,
  ),
  identity('get-my-user-profile', 'GET', '/users/@me/profile', "Read the caller's profile", users.getUser),
  identity('get-me', 'GET', '/@me', "Read the caller's user record", users.getUser),
  identity(
    'put-user-address',
    'PUT',
    '/users/{user_id}/address',
    "Replace a user's address",
    users.replaceAddress,
  ),
  identity(
    'put-user-email',
    'PUT',
    '/users/{user_id}/email',
    "Replace a user's e-mail address",
    users.replaceEmail,
  ),
  order(
    'list-my-orders',
    'GET',
    '/@me/orders',
    "List the caller's orders, newest first",
    orders.listCustomerOrders,
  ),
  order('get-order', 'GET', '/orders/{order_id}', 'Read an order (owner or administrator)', orders.getOrder),
  // HEAD is its own API Gateway method, so its own function, built from the same module as GET.
  {
    ...order('head-order', 'HEAD', '/orders/{order_id}', 'Check that an order exists', orders.getOrder),
    handler: 'orders/handlers/get-order',
  },
  batches(
    'create-batch',
    'POST',
    '/orders/batches',
    'Update many orders in one asynchronous batch',
    // The caller's items in progress first (docs/design.md D58); a chunk that cannot be queued
    // is recorded as failed at once.
    tableAccess(callerLimitAccess('batches').take, batch.nextBatchId, batch.createBatch, batch.recordChunk),
  ),
  batches('get-batch', 'GET', '/orders/batches/{batch_id}', 'Read a batch and its progress', batch.getBatch),
  reports(
    'create-report',
    'POST',
    '/orders/reports',
    'Request a PDF report of orders in a date range',
    // A place among the caller's reports (D56: the jobs holding them are read when all are
    // taken, and the places of ended ones given back), whether the caller can sign a callback
    // (D60), the job; a job whose execution cannot be started is marked failed.
    tableAccess(
      callerLimitAccess('reports').take,
      callerLimitAccess('reports').release,
      secrets.list,
      jobs.createJob,
      jobs.getJob,
      jobs.markFailed,
    ),
  ),
  {
    ...reports(
      'get-report-status',
      'GET',
      '/orders/reports/status/{report_id}',
      "Poll a report's progress (rate limited)",
      // Each call takes a token of the caller's bucket first (docs/design.md D25).
      tableAccess(callerLimitAccess('report-status').take, jobs.getJob),
    ),
    throttle: STATUS_ROUTE_THROTTLE,
  },
  reports(
    'get-report',
    'GET',
    '/orders/reports/{report_id}',
    'Download a finished report (PDF)',
    jobs.getJob,
  ),
  // The caller's own signing secrets for report callbacks (docs/design.md D60).
  webhooks(
    'create-webhook-secret',
    'POST',
    '/@me/webhook-secrets',
    "Make a signing secret for the caller's report callbacks (shown once)",
    secrets.add,
  ),
  webhooks(
    'list-webhook-secrets',
    'GET',
    '/@me/webhook-secrets',
    "List the caller's webhook secrets (ids and dates)",
    secrets.list,
  ),
  webhooks(
    'delete-webhook-secret',
    'DELETE',
    '/@me/webhook-secrets/{secret_id}',
    "Delete one of the caller's webhook secrets",
    secrets.remove,
  ),
];

/** A function that is not behind a route of its own. */
export interface FunctionSpec {
  readonly name: string;
  /** Module under `functions/`, without extension, that exports `handler`. */
  readonly handler: string;
  /** What it may do to the table, as `Route.table`; nothing when left out. */
  readonly table?: TableAccess;
}

/**
 * Verifies bearer tokens for every `token` route: a TOKEN authorizer whose answer API Gateway
 * caches per token, so a token is verified once per cache period rather than once per request.
 */
export const authorizerFunction: FunctionSpec = {
  name: 'authorizer',
  handler: 'identity/handlers/authorizer',
};

export { API_VERSION } from './gateway-path-parts';

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
    // An ended job gives its caller's place back (docs/design.md D56): a failed one is read for its owner.
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
    // The job, its attempts, and the secrets of its owner to sign with (docs/design.md D60).
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
 * The consumer of the stage's order and user events (lib/order-events.ts, docs/design.md D47): it
 * reads the events queue behind the bus's rule, with partial batch responses.
 */
export const eventFunctions = {
  consumer: {
    name: 'consume-events',
    handler: 'events/handlers/consume-events',
    // The orders, users and lists it changes, and each event's outcome item (docs/design.md D78).
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
 * The stage preflight (lib/stage-preflight-resource.ts, docs/design.md D75): a custom resource's function
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
