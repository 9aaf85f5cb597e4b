/**
 * What each HTTP function's cold start is compared with (docs/performance.md "Budgets"): its SDK floor,
 * a bare handler (bench/floors/) that sends the same AWS requests as the function sends for its
 * sample event (events/<name>.json), in the same order and grouping, with the same clients,
 * and nothing else. The floor therefore pays what any function serving that request with this
 * SDK pays (Node.js, loading and setting up the SDK clients, signing, the first connection, the
 * round trips and their answers); the difference is what our code adds (its own modules,
 * middleware, schemas, logger and metrics set-up, the first call through them).
 *
 * The access patterns, and why each floor is fair to its function:
 * - single-item reads (product views, stock, reference data; users, orders, batches): one
 *   GetItem of the very item the function reads; token routes first take the caller from the
 *   authorizer context with the functions' own code;
 * - searches (`POST /products/search`, and `GET /products` with `searchCriteria`, docs/decisions/search-engine.md
 *   D68): the active version, then together the reference data (GetItem: every search checks its
 *   criteria and prices against it, docs/decisions/http-requests.md D13;
 *   docs/decisions/catalogue-versions.md D46) and the objects of
 *   the search snapshot a cold search reads (the columns, the text index of the request's
 *   language, and the stock when the criteria ask for `in_stock`), each a pre-signed GET read whole;
 * - listings (`GET /products`, `GET /countries/{id}/products`: a search in id order,
 *   docs/decisions/search-engine.md D91): the same, never the stock. The three routes load the
 *   pre-signer at import, so all have the search floor;
 * - the caller's orders: the list's last entry, then the page (two Queries, as the store reads);
 * - writes: the same requests, on the floor's own items (an UpdateItem for an atomic update, a
 *   PutItem for a new item), SQS SendMessageBatch for a batch's chunks, Step Functions
 *   StartExecution for a report, the pre-signed read of a report's PDF: each floor loads
 *   exactly the clients its function loads (bench/floors/*-floor.ts).
 *
 * The token authorizer, which every token route runs first and which sends no AWS request, has
 * a floor of its own: the same token verified by the same verifier (bench/floors/authorizer-floor.ts).
 *
 * A route without a plan stops the benchmark: a new route needs its floor written down here.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { batchKey } from '#functions/contracts/keys/batch-keys';
import {
  activeVersionKey,
  productKey,
  referenceDataKey,
  stockKey,
} from '#functions/contracts/keys/catalogue-keys';
import { userKey } from '#functions/contracts/keys/identity-keys';
import {
  searchDocumentsKey,
  searchTextKey,
  stockSnapshotKey,
} from '#functions/contracts/keys/import-object-keys';
import { customerOrdersList, orderKey } from '#functions/contracts/keys/order-keys';
import { reportKey } from '#functions/contracts/keys/report-keys';
import { webhookSecretsKey } from '#functions/contracts/keys/webhook-secret-keys';
import { DEFAULT_LIMIT } from '#functions/contracts/page-defaults';
import { FIRST_LANGUAGES, lookupLanguage, parseAcceptLanguage } from '#functions/contracts/served-languages';
import { tableSchema } from '#functions/contracts/table-schema';
import type { Route } from '#functions/routes';
import type { FloorEvent, FloorRequest } from './floors/floor-event';

/** The floor bundles (bench/bundles.ts builds each from bench/floors/<name>.ts). */
export const FLOORS = {
  dynamodb: 'sdk-floor',
  sqs: 'sqs-floor',
  sfn: 'sfn-floor',
  reportReader: 'report-reader-floor',
  webhookKey: 'webhook-key-floor',
  search: 'search-floor',
  /** The token authorizer's, which is no route (bench/floors/authorizer-floor.ts). */
  authorizer: 'authorizer-floor',
} as const;
export type FloorName = (typeof FLOORS)[keyof typeof FLOORS];

export interface FloorPlan {
  readonly floor: FloorName;
  readonly event: FloorEvent;
  /** The requests, e.g. `caller; GetItem → Query`. */
  readonly requests: string;
}

/** What the floors need from the benchmark: the queue their SendMessageBatch goes to. */
export interface FloorSetting {
  readonly queueUrl: string;
  /** The active catalogue version, which a catalogue function's first request reads (then caches). */
  readonly catalogueVersion: string;
}

type Steps = FloorRequest[][];

const byPosition = tableSchema.indexes.byPosition;
/** Where the floors write: items of their own, never one a function reads. */
const floorItem = (name: string) => ({ pk: 'BENCH#FLOOR', sk: name });

/** The value of the route's one path parameter. */
const pathValue = (event: APIGatewayProxyEvent): string => {
  const [value] = Object.values(event.pathParameters ?? {});
  if (value === undefined) throw new Error(`${event.resource}: the sample event has no path parameter`);
  return value;
};
const query = (event: APIGatewayProxyEvent) =>
  Object.fromEntries(
    Object.entries(event.queryStringParameters ?? {}).filter(
      (e): e is [string, string] => e[1] !== undefined,
    ),
  );
const callerId = (event: APIGatewayProxyEvent) => Number(event.requestContext.authorizer?.userId);

const partitionQuery = (partition: string, limit: number): FloorRequest => ({
  query: { index: byPosition.name, partitionKey: byPosition.partitionKey, partition, limit },
});

/** The language a function answers its event in (the shared middleware negotiates it so). */
const languageOf = (event: APIGatewayProxyEvent) => {
  const header = Object.entries(event.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'accept-language',
  )?.[1];
  // The seed's sample events ask for a language of the seed's first five.
  return lookupLanguage(header === undefined ? undefined : parseAcceptLanguage(header), FIRST_LANGUAGES);
};

/** Whether a criteria object (the search body, or `searchCriteria`) asks for `in_stock`: only then is the stock read. */
const asksStock = (criteria: string | null | undefined) =>
  criteria ? 'in_stock' in (JSON.parse(criteria) as object) : false;

/**
 * A search or a listing, cold: the active version, then the reference data with the snapshot
 * objects (see the module comment); the stock only for a search that asks for `in_stock`.
 */
const searchSteps = (event: APIGatewayProxyEvent, version: string, stock: boolean): Steps => [
  [{ get: activeVersionKey }],
  [
    { readSearchFile: { key: searchDocumentsKey(version) } },
    { readSearchFile: { key: searchTextKey(version, languageOf(event)) } },
    ...(stock ? [{ readSearchFile: { key: stockSnapshotKey(version) } }] : []),
    { get: referenceDataKey(version) },
  ],
];
const listingSteps = (event: APIGatewayProxyEvent, version: string) => searchSteps(event, version, false);

/** A catalogue read: the active version (a cold environment has none cached), then the item. */
const catalogueRead = (key: Record<string, string>): Steps => [[{ get: activeVersionKey }], [{ get: key }]];
const productRead = (event: APIGatewayProxyEvent, version: string): Steps =>
  catalogueRead(productKey(version, Number(pathValue(event))));
const userRead = (id: (event: APIGatewayProxyEvent) => number) => (event: APIGatewayProxyEvent) => [
  [{ get: userKey(id(event)) }],
];
const ownUserRead = userRead(callerId);

/** The requests of each route's function for its sample event, in order; a step's requests go together. */
const PLANS: Readonly<
  Record<string, (event: APIGatewayProxyEvent, setting: FloorSetting) => { floor?: FloorName; steps: Steps }>
> = {
  'list-products': (e, { catalogueVersion: v }) => ({
    floor: FLOORS.search,
    steps:
      query(e).searchCriteria === undefined
        ? listingSteps(e, v)
        : searchSteps(e, v, asksStock(query(e).searchCriteria)),
  }),
  'search-products': (e, { catalogueVersion: v }) => ({
    floor: FLOORS.search,
    steps: searchSteps(e, v, asksStock(e.body)),
  }),
  'get-product': (e, { catalogueVersion: v }) => ({ steps: productRead(e, v) }),
  'get-product-technical-info': (e, { catalogueVersion: v }) => ({ steps: productRead(e, v) }),
  'get-product-ratings': (e, { catalogueVersion: v }) => ({ steps: productRead(e, v) }),
  'get-product-images': (e, { catalogueVersion: v }) => ({ steps: productRead(e, v) }),
  'get-product-stock': (e, { catalogueVersion: v }) => ({
    steps: catalogueRead(stockKey(v, Number(pathValue(e)), query(e).location_id ?? '')),
  }),
  'get-book': (e, { catalogueVersion: v }) => ({ steps: productRead(e, v) }),
  'get-computer': (e, { catalogueVersion: v }) => ({ steps: productRead(e, v) }),
  'list-business-units': (_, { catalogueVersion: v }) => ({ steps: catalogueRead(referenceDataKey(v)) }),
  'list-countries': (_, { catalogueVersion: v }) => ({ steps: catalogueRead(referenceDataKey(v)) }),
  'list-country-products': (e, { catalogueVersion: v }) => ({
    floor: FLOORS.search,
    steps: listingSteps(e, v),
  }),

  'get-profile': (e) => ({ steps: userRead((event) => Number(pathValue(event)))(e) }),
  'get-my-profile': (e) => ({ steps: ownUserRead(e) }),
  'get-implicit-profile': (e) => ({ steps: ownUserRead(e) }),
  'get-my-user-profile': (e) => ({ steps: ownUserRead(e) }),
  'get-me': (e) => ({ steps: ownUserRead(e) }),
  'put-user-address': () => ({ steps: [[{ update: floorItem('user') }]] }),
  'put-user-email': () => ({ steps: [[{ update: floorItem('user') }]] }),
  'list-my-orders': (e) => {
    const list = customerOrdersList(callerId(e));
    return {
      steps: [[partitionQuery(list, 1)], [partitionQuery(list, Number(query(e).limit ?? DEFAULT_LIMIT))]],
    };
  },
  'get-order': (e) => ({ steps: [[{ get: orderKey(Number(pathValue(e))) }]] }),
  'head-order': (e) => ({ steps: [[{ get: orderKey(Number(pathValue(e))) }]] }),
  // The caller's items in progress (docs/decisions/order-batches.md D58), the batch id counter, the batch, then its
  // chunks: one message per 25 items, ten a call.
  'create-batch': (e, { queueUrl }) => ({
    floor: FLOORS.sqs,
    steps: [
      [{ update: floorItem('limit') }],
      [{ update: floorItem('batch-counter') }],
      [{ put: floorItem('batch') }],
      [{ sendMessages: { queueUrl, count: 1, bytes: (e.body ?? '').length + 60 } }],
    ],
  }),
  'get-batch': (e) => ({ steps: [[{ get: batchKey(Number(pathValue(e))) }]] }),
  // A place among the caller's reports (docs/decisions/report-export.md D56), the job, then its execution.
  'create-report': () => ({
    floor: FLOORS.sfn,
    steps: [
      [{ update: floorItem('limit') }],
      [{ put: floorItem('report') }],
      [{ startExecution: { reportId: 'bench-floor-no-such-report' } }],
    ],
  }),
  // A token of the caller's polling bucket (docs/decisions/limits-and-throttles.md D25), then the job.
  'get-report-status': (e) => ({
    steps: [[{ update: floorItem('rate') }], [{ get: reportKey(pathValue(e)) }]],
  }),
  // The job, then its PDF (the benchmark completes the sample job before it measures).
  'get-report': (e) => ({
    floor: FLOORS.reportReader,
    steps: [[{ get: reportKey(pathValue(e)) }], [{ readReport: { reportId: pathValue(e) } }]],
  }),
  // The stage key, then the conditional append to the caller's list (docs/decisions/report-export.md D60).
  'create-webhook-secret': () => ({
    floor: FLOORS.webhookKey,
    steps: [[{ readWebhookKey: true }], [{ update: floorItem('webhook-secrets') }]],
  }),
  'list-webhook-secrets': (e) => ({ steps: [[{ get: webhookSecretsKey(callerId(e)) }]] }),
  // The caller's list (the sample's secret is not in it: 404 without a write).
  'delete-webhook-secret': (e) => ({ steps: [[{ get: webhookSecretsKey(callerId(e)) }]] }),
};

const requestName = (request: FloorRequest): string => {
  if ('get' in request) return 'GetItem';
  if ('query' in request) return 'Query';
  if ('batchGet' in request) return 'BatchGetItem';
  if ('update' in request) return 'UpdateItem';
  if ('put' in request) return 'PutItem';
  if ('sendMessages' in request) return 'SQS SendMessageBatch';
  if ('startExecution' in request) return 'StartExecution';
  if ('readWebhookKey' in request) return 'Secrets Manager GetSecretValue';
  return 'pre-signed S3 GET';
};

/** `GetItem → 4 × Query → 8 × (4 × Query) → 4 × Query`; a step of several kinds: `3 × pre-signed S3 GET + GetItem`. */
const describe = (steps: Steps): string => {
  const parts = steps.map((step) => {
    const counts = new Map<string, number>();
    for (const name of step.map(requestName)) counts.set(name, (counts.get(name) ?? 0) + 1);
    return [...counts].map(([name, n]) => (n === 1 ? name : `${n} × ${name}`)).join(' + ');
  });
  const runs: string[] = [];
  for (let i = 0; i < parts.length; ) {
    let j = i;
    while (j < parts.length && parts[j] === parts[i]) j++;
    const times = j - i;
    runs.push(times === 1 ? parts[i]! : `${times} × (${parts[i]})`);
    i = j;
  }
  return runs.join(' → ');
};

export const floorPlan = (route: Route, event: APIGatewayProxyEvent, setting: FloorSetting): FloorPlan => {
  const plan = PLANS[route.name];
  if (!plan) throw new Error(`bench/floor-plans.ts has no SDK floor for the route ${route.name}`);
  const { floor = FLOORS.dynamodb, steps } = plan(event, setting);
  const token = route.access === 'token';
  return {
    floor,
    event: {
      token,
      ...(token ? { requestContext: { authorizer: event.requestContext.authorizer } } : {}),
      steps,
    },
    requests: `${token ? 'caller; ' : ''}${describe(steps)}`,
  };
};
