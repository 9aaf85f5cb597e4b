/**
 * The single route table (the functions that are not routes are in functions/function-registry.ts).
 * The CDK API construct, the sandbox's HTTP front and the OpenAPI
 * document are all derived from it, so a route cannot exist in one and not the others.
 * It holds data only (no handler imports), so the CDK app can read it without loading
 * function code.
 */

import { callerLimitAccess } from '#commons/store/caller-limit-access';
import { type TableAccess, tableAccess } from '#commons/table-access';
import { STATUS_ROUTE_THROTTLE } from '#functions/contracts/caller-limits';
import { batchStoreAccess as batch } from './batches/store/batch-access';
import { catalogueReadAccess } from './catalogue/store/catalogue-access';
import type { FunctionSpec } from './function-definition';
import { userStoreAccess as users } from './identity/store/user-access';
import { orderStoreAccess as orders } from './orders/store/order-access';
import { reportJobStoreAccess as jobs } from './reports/store/report-access';
import { webhookSecretStoreAccess as secrets } from './webhooks/store/webhook-secret-access';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

/** `public`: no token needed (catalogue reads, docs/decisions/tokens-and-rights.md D2). `token`: a valid bearer token is required. */
export type Access = 'public' | 'token';

export type { TableAccess } from '#commons/table-access';
export { API_VERSION } from '#functions/contracts/gateway-path-parts';

export interface Route extends FunctionSpec {
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
   * next to each store (`functions/<area>/store/*-access.ts`, docs/decisions/functions-and-bundles.md D53). The stack
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
    // The caller's items in progress first (docs/decisions/order-batches.md D58); a chunk that cannot be queued
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
      // Each call takes a token of the caller's bucket first (docs/decisions/limits-and-throttles.md D25).
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
  // The caller's own signing secrets for report callbacks (docs/decisions/report-export.md D60).
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
