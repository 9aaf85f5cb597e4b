/**
 * What the hostile tests aim at: every route of the route table (functions/routes.ts) with good
 * path values, a good body where it takes one and its success statuses, and the callers a test
 * may use without changing data other tests read. A route added to the table is a target at
 * once; the maps below only make its requests go deeper.
 */
import fc from 'fast-check';
import { API_VERSION, type Route, routes } from '#functions/routes';
import { seed } from '../seed';
import { expectedAddress, ordersOf, UNKNOWN_ORDER_ID, userById, users } from '../seed-identities';
import { tokenFor } from '../tokens';

/** The customer the hostile tests act as: no other e2e test reads or changes its record or orders. */
export const HOSTILE_USER = 17;
/** A valid token for a user the seed does not have: owns nothing, so nothing it is allowed to do changes seeded data. */
export const NOBODY = 900_001;
export const ADMIN_ID = 1;

if (users.some((user) => user.id === NOBODY)) throw new Error('NOBODY must name no seeded user');

/** API Gateway's URL limit is 8,192 characters (edge-optimized API): requests stay within it. */
export const MAX_TARGET_LENGTH = 8_000;
/**
 * API Gateway takes URLs up to 10,240 characters and 10,240 bytes of headers; the sandbox takes
 * 24 KiB for the request line and the headers together (local/http-front.ts MAX_HEADER_BYTES)
 * and answers 431 in the docs/decisions/http-requests.md D1 shape past it. Requests stay within what API Gateway takes: the URL
 * is cut shorter when the headers are long.
 */
export const MAX_HEAD_BYTES = 20_000;

const byId = [...seed.products].sort((a, b) => a.id - b.id);
const book = byId.find((p) => p.type === 'book')!;
const computer = byId.find((p) => p.type === 'computer')!;
const ownOrder = ordersOf(HOSTILE_USER)[0]!;

/** A value of each path variable that names something the caller may read (by variable name). */
const GOOD_PATH_VALUES: Readonly<Record<string, string>> = {
  product_id: String(book.id),
  book_id: String(book.id),
  computer_id: String(computer.id),
  country_id: 'FR',
  user_id: String(HOSTILE_USER),
  order_id: String(ownOrder.id),
  batch_id: '1',
  report_id: '00000000-0000-4000-8000-000000000000',
  // A secret nobody has: a DELETE of it changes nothing (docs/decisions/report-export.md D60).
  secret_id: '00000000-0000-4000-8000-000000000000',
};

/** Criteria with every kind of value: the search body, and (JSON-encoded) the `searchCriteria` parameter. */
export const SEARCH_CRITERIA = {
  page: 1,
  limit: 3,
  productType: ['book'],
  brand: [book.brand],
  country: 'FR',
  businessUnit: book.businessUnit,
  currency: 'EUR',
};

/** A body the route accepts (by route name). Write routes get values that change nothing seeded. */
const GOOD_BODIES: Readonly<Record<string, unknown>> = {
  'search-products': SEARCH_CRITERIA,
  // The caller's own address and e-mail address as seeded: an accepted PUT rewrites them unchanged.
  'put-user-address': expectedAddress(userById(HOSTILE_USER)),
  'put-user-email': userById(HOSTILE_USER).email,
  // Sent by NOBODY, whose batches can only fail their items; the order is unknown anyway.
  'create-batch': { items: [{ id: UNKNOWN_ORDER_ID + 77, sent_on: '2026-01-15' }] },
  'create-report': { start_date: '2025-03-01', end_date: '2025-03-31' },
};

const SUCCESS_BY_ROUTE: Readonly<Record<string, readonly number[]>> = {
  'create-batch': [201],
  'create-report': [202],
  'get-report-status': [200, 303],
  'get-report': [200, 302],
  'create-webhook-secret': [201],
};
const SUCCESS_BY_METHOD: Readonly<Record<string, readonly number[]>> = {
  GET: [200],
  HEAD: [200],
  PUT: [200],
  POST: [200, 201, 202],
  DELETE: [200, 204],
};

/** A route as the hostile tests aim at it. */
export interface Target {
  readonly route: Route;
  /** `/v1/...` split into segments, `{name}` for a variable. */
  readonly segments: readonly string[];
  /**
   * Indexes of the segments a hostile id may replace: the variables, and the literals API Gateway
   * cannot name (`@me`, a variable pinned to that literal).
   */
  readonly idPositions: readonly number[];
  /** A body the route accepts, or undefined when it reads none. */
  readonly goodBody: unknown;
  readonly success: readonly number[];
  /** POST on a read-write route: an accepted request starts work (a batch, a report execution). */
  readonly startsWork: boolean;
  /** Whether an administrator's token may be used: a read that counts nothing (GET/HEAD on RO). */
  readonly adminMayRead: boolean;
}

const PATH_PART = /^[a-zA-Z0-9:._$-]+$/;

/** Whether a route's function may write to the table (its grants, functions/routes.ts). */
const writesTable = (route: Route) =>
  route.table.some((grant) => grant.actions.some((action) => /Put|Update|Delete|Write/.test(action)));

export const targets: readonly Target[] = routes.map((route) => {
  const segments = [API_VERSION, ...route.path.split('/').filter((s) => s !== '')];
  const idPositions = segments.flatMap((segment, i) =>
    i > 0 && (segment.startsWith('{') || !PATH_PART.test(segment)) ? [i] : [],
  );
  const readsBody = route.method === 'POST' || route.method === 'PUT';
  return {
    route,
    segments,
    idPositions,
    goodBody: readsBody ? (GOOD_BODIES[route.name] ?? {}) : undefined,
    success: SUCCESS_BY_ROUTE[route.name] ?? SUCCESS_BY_METHOD[route.method] ?? [200],
    startsWork: route.method === 'POST' && writesTable(route),
    adminMayRead:
      (route.method === 'GET' || route.method === 'HEAD') && route.access === 'token' && !writesTable(route),
  };
});

const goodSegment = (segment: string) => {
  const variable = /^\{(.+)\}$/.exec(segment);
  return variable ? (GOOD_PATH_VALUES[variable[1]!] ?? '1') : segment;
};

/** The route's path with good values, or with `raw` (sent as is) in place of id position `position`. */
export const pathOf = (target: Target, replace?: { position: number; raw: string }): string => {
  const parts = target.segments.map(goodSegment);
  if (replace) {
    if (target.idPositions.length === 0) parts.push(replace.raw);
    else parts[target.idPositions[replace.position % target.idPositions.length]!] = replace.raw;
  }
  return `/${parts.join('/')}`;
};

// ---- callers ---------------------------------------------------------------------------------

export type CallerChoice = 'customer' | 'nobody' | 'admin';

/**
 * The token a request carries for a choice of caller, so that nothing other tests read can change:
 * the administrator only reads (GET/HEAD on read-only routes; the status endpoint counts calls,
 * so even that is the customer's), a POST that starts work is NOBODY's (its batches fail every
 * item, its reports cover no order), and the customer's own writes are the PUTs on its own user,
 * which the test file puts back as seeded afterwards. Public routes get the same tokens (ignored).
 */
export const tokenOf = (target: Target, choice: CallerChoice): string => {
  if (choice === 'admin' && target.adminMayRead) return tokenFor(ADMIN_ID, { admin: true });
  if (choice === 'nobody' || target.startsWork) return tokenFor(NOBODY);
  return tokenFor(HOSTILE_USER);
};

export const callerChoice = fc.constantFrom<CallerChoice>('customer', 'customer', 'nobody', 'admin');
