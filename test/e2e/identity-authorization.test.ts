/**
 * The authorization matrix (issue 3, docs/decisions/tokens-and-rights.md D2, D3): every route of the route table that needs a
 * token, against no token, five kinds of bad token, another customer, the owner and an
 * administrator. The routes come from the table itself, so a new token route is in the matrix
 * at once — and fails until it has a sample below.
 */
import { type Route, routes } from '#functions/routes';
import { api, baseUrl } from './support/api';
import { pollStatus, postReport } from './support/reports';
import {
  ADMIN,
  expectedAddress,
  expectedOrder,
  expectedOrdersPage,
  expectedProfile,
  expectedUserRecord,
  MATRIX_OTHER,
  MATRIX_OWNER,
  NOT_FOUND,
  ordersOf,
  UNAUTHORIZED,
  UNKNOWN_ORDER_ID,
  UNKNOWN_USER_ID,
  userById,
} from './support/seed-identities';
import {
  bearer,
  REFUSED_TOKENS,
  type RefusedToken,
  refusedTokens,
  tokenFor,
  tokenWithGroups,
  wellFormedToken,
} from './support/tokens';

const tokenRoutes = routes.filter((route) => route.access === 'token');
const owner = userById(MATRIX_OWNER);
const ownerOrder = ordersOf(MATRIX_OWNER)[0]!;

/** A value for each path variable: the owner's resource, and one that does not exist. */
const pathValues: Record<string, { readonly owner: number | string; readonly unknown: number | string }> = {
  user_id: { owner: MATRIX_OWNER, unknown: UNKNOWN_USER_ID },
  order_id: { owner: ownerOrder.id, unknown: UNKNOWN_ORDER_ID },
  // The owner's batch is created in beforeAll, before any test reads this.
  batch_id: {
    get owner() {
      return ownerBatch.id;
    },
    unknown: 99_999_999,
  },
  // The owner's report is made (and completed) in beforeAll too.
  report_id: {
    get owner() {
      return ownerReport.id;
    },
    unknown: '00000000-0000-4000-8000-00000000dead',
  },
  // The owner's webhook secret, made in beforeAll too (docs/decisions/report-export.md D60).
  secret_id: {
    get owner() {
      return ownerSecret.id;
    },
    unknown: '00000000-0000-4000-8000-00000000dead',
  },
};
let ownerSecret: { id: string };

const REPORT_PERIOD = { start_date: '2025-01-01', end_date: '2025-01-31' };
let ownerReport: { id: string };

/** A batch whose only item names an order that does not exist: creating it changes no order. */
const HARMLESS_BATCH = { items: [{ id: UNKNOWN_ORDER_ID, sent_on: '2026-01-15' }] };
let ownerBatch: { id: number };
const pendingOrLater = expect.objectContaining({ id: expect.any(Number), created_at: expect.any(String) });

const NO_STORE = /^no-store$/;
const PRIVATE = /^private$/;
/** Not cacheable by a shared cache: what a resource behind a token may say. */
const NOT_SHARED = /^(private|no-store)\b/;

interface Sample {
  /** The request body of the owner and the administrator (the stored value: writing it changes nothing). */
  readonly body?: unknown;
  /** The body another customer sends: a change that must not happen. */
  readonly intruderBody?: unknown;
  /** The 200 answer about `subject`: the owner for a resource with an id, the caller for `@me`. */
  readonly answer: (subject: number) => unknown;
  readonly cache: RegExp;
  /** The success status, 200 unless said. */
  readonly status?: number;
  /**
   * The resource is the caller's own under `@me`: an administrator is another caller there, and
   * gets the 404 of a resource that is not theirs.
   */
  readonly callersOwn?: true;
}

const samples: Record<string, Sample> = {
  'get-profile': { answer: expectedProfile, cache: NOT_SHARED },
  'get-my-profile': { answer: expectedProfile, cache: NO_STORE },
  'get-implicit-profile': { answer: (id) => ({ username: userById(id).username }), cache: NO_STORE },
  'get-my-user-profile': { answer: expectedProfile, cache: NO_STORE },
  'get-me': { answer: expectedUserRecord, cache: NO_STORE },
  'put-user-address': {
    body: expectedAddress(owner),
    intruderBody: { street: '1 Intruder Lane', zip_code: '99999', city: 'Nowhere' },
    answer: () => expectedAddress(owner),
    cache: NOT_SHARED,
  },
  'put-user-email': {
    body: owner.email,
    intruderBody: 'intruder@example.net',
    answer: () => owner.email,
    cache: NOT_SHARED,
  },
  'list-my-orders': { answer: (id) => expectedOrdersPage(id), cache: NO_STORE },
  'get-order': { answer: () => expectedOrder(ownerOrder), cache: PRIVATE },
  'head-order': { answer: () => null, cache: PRIVATE },
  'create-batch': {
    body: HARMLESS_BATCH,
    answer: () => expect.objectContaining({ status: 'pending', count: null, errors: null }),
    cache: NO_STORE,
    status: 201,
  },
  'get-batch': { answer: () => pendingOrLater, cache: NO_STORE },
  'create-report': {
    body: REPORT_PERIOD,
    answer: () => ({ id: expect.any(String), status: 'IN_PROGRESS' }),
    cache: NO_STORE,
    status: 202,
  },
  // The owner's report is complete: its status is a 303 to it.
  'get-report-status': {
    answer: () => ({ id: ownerReport.id, status: 'COMPLETED' }),
    cache: NO_STORE,
    status: 303,
  },
  'get-report': { answer: () => expect.stringMatching(/^%PDF-/), cache: PRIVATE },
  'create-webhook-secret': {
    answer: () => ({
      id: expect.any(String),
      created_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_/),
    }),
    cache: NO_STORE,
    status: 201,
  },
  'list-webhook-secrets': { answer: () => expect.any(Array), cache: NO_STORE },
  'delete-webhook-secret': { answer: () => null, cache: NO_STORE, status: 204, callersOwn: true },
};

const sampleOf = (route: Route): Sample => {
  const sample = samples[route.name];
  if (!sample) throw new Error(`The token route ${route.name} has no sample in this matrix: add one.`);
  return sample;
};

/** The route's path with each variable filled in; `@me` routes have none. */
const pathOf = (route: Route, which: 'owner' | 'unknown') =>
  route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const values = pathValues[name];
    if (!values) throw new Error(`No sample value for {${name}} of ${route.name}: add one to pathValues.`);
    return String(values[which]);
  });

/** A route about a resource named in its path; the others (`@me`, `/profile`) are about the caller. */
const isOwnedResource = (route: Route) => route.path.includes('{');

const call = (route: Route, path: string, token: string | undefined, body?: unknown) =>
  api(path, {
    method: route.method,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    // The answer itself, a 303 included, not where it leads.
    redirect: 'manual',
  });

type Caller = RefusedToken | 'another customer' | 'the owner' | 'an administrator';

const tokens = new Map<Caller, string | undefined>();
beforeAll(async () => {
  for (const [name, token] of Object.entries(await refusedTokens(MATRIX_OWNER)))
    tokens.set(name as Caller, token);
  tokens.set('another customer', tokenFor(MATRIX_OTHER));
  tokens.set('the owner', tokenFor(MATRIX_OWNER));
  tokens.set('an administrator', tokenFor(ADMIN, { admin: true }));
  const created = await api('/orders/batches', {
    method: 'POST',
    headers: { ...bearer(tokens.get('the owner')), 'content-type': 'application/json' },
    body: JSON.stringify(HARMLESS_BATCH),
  });
  expect(created.status).toBe(201);
  ownerBatch = created.body as { id: number };
  const report = await postReport(api, tokens.get('the owner')!, REPORT_PERIOD);
  expect(report.status).toBe(202);
  ownerReport = report.body as { id: string };
  const done = await pollStatus(
    `${baseUrl()}/orders/reports/status/${ownerReport.id}`,
    tokens.get('the owner')!,
  );
  expect(done.response.status).toBe(303);
  const secret = await api('/@me/webhook-secrets', {
    method: 'POST',
    headers: bearer(tokens.get('the owner')),
  });
  expect(secret.status).toBe(201);
  ownerSecret = secret.body as { id: string };
});

describe('the authorization matrix', () => {
  it('covers the token routes of the route table, each with a sample', () => {
    expect(tokenRoutes.length).toBeGreaterThanOrEqual(10);
    for (const route of tokenRoutes)
      expect([route.name, samples[route.name] !== undefined]).toEqual([route.name, true]);
  });

  it('makes no administrator of a groups claim that is a display name holding "admin" (docs/decisions/tokens-and-rights.md D64)', async () => {
    const otherOrder = ordersOf(MATRIX_OTHER)[0]!;
    for (const groups of ['Help desk admin', 'staff,admin', ['Help desk admin']]) {
      const token = await tokenWithGroups(MATRIX_OWNER, groups);
      const response = await api(`/orders/${otherOrder.id}`, { headers: bearer(token) });
      expect([JSON.stringify(groups), response.status]).toEqual([JSON.stringify(groups), 404]);
    }
    const admin = await tokenWithGroups(MATRIX_OWNER, 'admin');
    expect((await api(`/orders/${otherOrder.id}`, { headers: bearer(admin) })).status).toBe(200);
  });

  it('has refused tokens that are wrong in one way only: the same token made right is accepted', async () => {
    const response = await api('/profile/@me', { headers: bearer(await wellFormedToken(MATRIX_OWNER)) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expectedProfile(MATRIX_OWNER));
  });

  describe.each(tokenRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    (_, route) => {
      const sample = sampleOf(route);
      const owned = isOwnedResource(route);
      const head = route.method === 'HEAD';

      it.each(REFUSED_TOKENS)(
        'with %s: 401, WWW-Authenticate: Bearer, the docs/decisions/http-requests.md D1 body',
        async (caller) => {
          const response = await call(route, pathOf(route, 'owner'), tokens.get(caller), sample.body);
          expect(response.status).toBe(401);
          expect(response.headers.get('www-authenticate')).toBe('Bearer');
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          expect(response.body).toEqual(head ? null : UNAUTHORIZED);
        },
      );

      if (owned) {
        it('as another customer: 404, exactly the answer for an id that does not exist, and nothing changes', async () => {
          const token = tokens.get('another customer');
          const body = sample.intruderBody ?? sample.body;
          const theirs = await call(route, pathOf(route, 'owner'), token, body);
          const unknown = await call(route, pathOf(route, 'unknown'), token, body);
          const answer = (r: typeof theirs) => ({
            status: r.status,
            body: r.body,
            contentType: r.headers.get('content-type'),
            cacheControl: r.headers.get('cache-control'),
            authenticate: r.headers.get('www-authenticate'),
          });
          expect(answer(theirs)).toEqual(answer(unknown));
          expect(theirs.status).toBe(404);
          expect(theirs.body).toEqual(head ? null : NOT_FOUND);
          // The owner's record is as seeded: the intruder's write did not happen.
          const record = await api('/@me', { headers: bearer(tokens.get('the owner')) });
          expect(record.body).toEqual(expectedUserRecord(MATRIX_OWNER));
        });
      } else {
        it('as another customer: success with their own data', async () => {
          const response = await call(
            route,
            pathOf(route, 'owner'),
            tokens.get('another customer'),
            sample.body,
          );
          expect(response.status).toBe(sample.status ?? 200);
          expect(response.body).toEqual(sample.answer(MATRIX_OTHER));
          expect(response.headers.get('cache-control')).toMatch(sample.cache);
        });
      }

      if (sample.callersOwn) {
        it("as an administrator: 404, since under @me the resource is the caller's own", async () => {
          const response = await call(
            route,
            pathOf(route, 'owner'),
            tokens.get('an administrator'),
            sample.body,
          );
          expect(response.status).toBe(404);
          expect(response.body).toEqual(NOT_FOUND);
        });
      }
      it.each([
        ['the owner', MATRIX_OWNER],
        ...(sample.callersOwn ? [] : ([['an administrator', owned ? MATRIX_OWNER : ADMIN]] as const)),
      ] as const)('as %s: success with the data of user %i', async (caller, subject) => {
        const response = await call(route, pathOf(route, 'owner'), tokens.get(caller), sample.body);
        expect(response.status).toBe(sample.status ?? 200);
        expect(response.body).toEqual(sample.answer(subject));
        expect(response.headers.get('cache-control')).toMatch(sample.cache);
      });
    },
  );

  it('leaves the owner as seeded (owners and administrators wrote the stored values back)', async () => {
    const response = await api('/@me', { headers: bearer(tokens.get('the owner')) });
    expect(response.body).toEqual(expectedUserRecord(MATRIX_OWNER));
  });
});
