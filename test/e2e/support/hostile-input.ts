/**
 * Hostile requests for every route of the route table (functions/routes.ts): the targets (each
 * route with good path values, a good body where it takes one, its success statuses), the
 * callers a test may use without changing data other tests read, and fast-check arbitraries for
 * the hostile parts (path ids, query strings, bodies, content types, tokens). A route added to
 * the table is a target at once; the maps below only make its requests go deeper.
 */
import fc from 'fast-check';
import { API_VERSION, type Route, routes } from '../../../functions/routes';
import { expectedAddress, ordersOf, UNKNOWN_ORDER_ID, userById, users } from './identity';
import type { RawRequest } from './raw-http';
import { seed } from './seed';
import { bearer, tokenFor } from './tokens';

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
 * and answers 431 in the docs/design.md D1 shape past it. Requests stay within what API Gateway takes: the URL
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
};

/** Criteria with every kind of value: the search body, and (JSON-encoded) the `searchCriteria` parameter. */
const SEARCH_CRITERIA = {
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
    startsWork: route.method === 'POST' && route.table === 'RW',
    adminMayRead: (route.method === 'GET' || route.method === 'HEAD') && route.table === 'RO',
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

// ---- encoding ---------------------------------------------------------------------------------

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD), leaving unreserved characters. */
export const percentEncode = (text: string): string =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return byte < 0x80 && UNRESERVED.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** A URL part as it goes on the wire: percent-encoded text, or a raw form sent as it is. */
export interface UrlPart {
  readonly wire: string;
  /** What a server decodes it to (for the echo check). */
  readonly text: string;
}

const encoded = (text: string): UrlPart => ({ wire: percentEncode(text), text });
const rawPart = (wire: string): UrlPart => {
  let text = wire;
  try {
    text = decodeURIComponent(wire);
  } catch {
    // A malformed escape stays as sent.
  }
  return { wire, text };
};

// ---- hostile texts ----------------------------------------------------------------------------

/** What no request may carry, so that any of it in an answer came from the server (see answer-invariant.ts). */
export const LEAK_MARKERS = [
  /(^|\n)\s*at\s/,
  /Error:/,
  /\/work/,
  /node_modules/,
  /\.ts\b/,
  /commerce-api-/i,
  /arn:aws/i,
  /zod|middy|dynalite|@aws-sdk/i,
];
export const carriesMarker = (text: string): boolean => LEAK_MARKERS.some((marker) => marker.test(text));

const NUMBER_TEXTS = [
  '1e309',
  '-1e309',
  '-1',
  '0',
  '-0',
  '00',
  '01',
  '1.5',
  '1.0',
  '0x10',
  '0b10',
  '0o7',
  '1e3',
  '1E400',
  '9007199254740993',
  '18446744073709551616',
  '99999999999999999999999',
  '1e-400',
  'NaN',
  'Infinity',
  '-Infinity',
  '+1',
  ' 1',
  '1 ',
  '1_000',
  '1,000',
  '١٢',
  '１２',
];

const INJECTION_TEXTS = [
  "' OR '1'='1",
  '{"$gt":""}',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style lookup, sent as text
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '%s%s%s%n',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\\',
  '"',
  "'",
  '\r\nX-Injected: 1',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
];

const controlChar = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
const oddChar = fc.constantFrom(
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\u{1f4a9}',
  '\u0301',
  'ß',
  'İ',
  '\uffff',
);

/** Hostile text of at most `maxLong` characters when long. */
export const hostileText = (maxLong: number): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NUMBER_TEXTS) },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double()).map(String) },
    { weight: 2, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
    { weight: 2, arbitrary: fc.constantFrom(...INJECTION_TEXTS) },
    { weight: 2, arbitrary: fc.string({ unit: fc.oneof(controlChar, oddChar), minLength: 1, maxLength: 8 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom('a', '9', '%', 'é', '€', '\u0000', '../', ' ', ','),
          fc.integer({ min: 200, max: maxLong }),
        )
        .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
    },
  );

// ---- path ids ---------------------------------------------------------------------------------

/** Ids sent exactly as written: traversal, NUL, encoded dots, malformed escapes, the pinned literal. */
const RAW_IDS = [
  '',
  '1/',
  '/',
  '..',
  '.',
  '../',
  '..%2f',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%2E%2E%2F',
  '%2e',
  '%00',
  '1%00',
  '%001',
  '%',
  '%%',
  '%zz',
  '%C0%AE%C0%AE',
  '%FF%FE',
  '%E2%80%AE',
  '%F0%9F%92%A9',
  '@me',
  '%40me',
  '@ME',
  '@me%00',
  '%7Bproduct_id%7D',
  '*',
  ';',
  '1;drop',
  '1?page=0',
  '1%3Fpage%3D0',
  '1%23frag',
  '1%2F2',
  '%20',
  '+1',
  '1e309',
  '-1',
  '0x10',
  '0',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-8FFF-FFFFFFFFFFFF',
];

/** A hostile path id: raw forms, or any hostile text percent-encoded; at most ~7,000 characters on the wire. */
export const hostileId: fc.Arbitrary<UrlPart> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...RAW_IDS).map(rawPart) },
  { weight: 4, arbitrary: hostileText(2_000).map(encoded) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('9', 'a', '1'), fc.integer({ min: 16, max: 7_000 }))
      .map(([unit, length]) => rawPart(unit.repeat(length))),
  },
);

// ---- query strings ----------------------------------------------------------------------------

/** Every query parameter some route reads (docs/design.md D7, D9), so the hostile values reach real validation. */
const KNOWN_PARAMETERS = [
  'page',
  'limit',
  'fields',
  'country',
  'currency',
  'productType',
  'brand',
  'business-unit',
  'searchCriteria',
  'location_id',
];

const parameterName: fc.Arbitrary<UrlPart> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_PARAMETERS).map(encoded) },
  { weight: 1, arbitrary: fc.constantFrom('Page', 'LIMIT', 'page[]', 'page.x', 'fields ', '').map(encoded) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf')
      .map(encoded),
  },
  { weight: 2, arbitrary: hostileText(300).map(encoded) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '&', '=', '==', '+').map(rawPart) },
);

const searchCriteriaText = fc.oneof(
  fc.constantFrom('{', '{"page":', '{"page":1e309}', '{"limit":-1}', '[1,2]', 'null', '"x"', '{"brand":[1]}'),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.integer({ min: 1, max: 3_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
);

const parameterValue: fc.Arbitrary<UrlPart> = fc.oneof(
  { weight: 5, arbitrary: hostileText(3_000).map(encoded) },
  { weight: 1, arbitrary: searchCriteriaText.map(encoded) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', '%', '%zz', '%00', '%C3%28', '+', 'a=b', 'book,,computer').map(rawPart),
  },
);

export interface HostileQuery {
  readonly wire: string;
  readonly values: readonly string[];
}

/** `searchCriteria` holding the search criteria, broken the ways a JSON body is (see bodyMutation). */
const criteriaParameter = fc
  .constant(null)
  .chain(() => bodyMutationArbitrary())
  .map((mutation) => [encoded('searchCriteria'), encoded(mutateBody(SEARCH_CRITERIA, mutation))] as const);

/**
 * One to five parameters, with unknown names and hostile values, encoded or raw; some repeated,
 * a few of them hundreds of times.
 */
export const hostileQuery: fc.Arbitrary<HostileQuery> = fc
  .tuple(
    fc.array(fc.oneof({ weight: 5, arbitrary: fc.tuple(parameterName, parameterValue) }, criteriaParameter), {
      minLength: 1,
      maxLength: 5,
    }),
    fc.oneof({ weight: 4, arbitrary: fc.nat({ max: 3 }) }, fc.integer({ min: 50, max: 400 })),
  )
  .map(([pairs, repeats]) => {
    const all = [
      ...pairs,
      ...Array.from(
        { length: repeats },
        (_, i) => [pairs[i % pairs.length]![0], pairs[(i * 7) % pairs.length]![1]] as const,
      ),
    ];
    return {
      wire: all.map(([name, value]) => `${name.wire}=${value.wire}`).join('&'),
      values: all.map(([, value]) => value.text),
    };
  });

// ---- bodies -----------------------------------------------------------------------------------

/** A JSON value as text, chosen to break validation: out-of-range numbers, wrong types, odd strings. */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '1e309',
      '-1e309',
      '-1',
      '0',
      '-0',
      '1.5',
      '9007199254740993',
      '1e21',
      '1E400',
      '1e-400',
      'null',
      'true',
      'false',
      '[]',
      '{}',
      '""',
      '"\\u0000"',
      '"\\ud800"',
      '"\\udfff\\ud800"',
      '"\\u202e"',
      '"2025-02-30"',
      '"2025-13-01"',
      '"0000-00-00"',
      '"+002025-01-01"',
      '"2025-1-1"',
      '[[[[[[[[[[]]]]]]]]]]',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
    ),
  },
  { weight: 3, arbitrary: hostileText(100_000).map((text) => JSON.stringify(text)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 50_000 }).map((d) => '['.repeat(d) + ']'.repeat(d)) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 20_000 }).map((d) => '{"a":'.repeat(d) + '1' + '}'.repeat(d)),
  },
);

/** Text that is not JSON at all, or almost JSON. */
const MALFORMED = [
  '{',
  '}',
  '[',
  '{"a":}',
  '{"a" 1}',
  "{'a':1}",
  '{"a":1,}',
  '[1,]',
  '{"a":1}{"b":2}',
  '{"a":1} x',
  '\ufeff{}',
  '{"a":"\u0000"}',
  '{"a":"\n"}',
  '/* c */{}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a":0x10}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '"\\x41"',
  '"\\u12"',
  '"unterminated',
  'undefined',
  ' ',
  '\u0000',
];

export type BodyMutation =
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'replace-leaf'; readonly leaf: number; readonly json: string }
  | { readonly kind: 'drop-leaf'; readonly leaf: number }
  | { readonly kind: 'whole'; readonly json: string }
  | { readonly kind: 'extra-key'; readonly key: string; readonly json: string }
  | { readonly kind: 'duplicate-key'; readonly leaf: number; readonly json: string }
  | { readonly kind: 'raw'; readonly text: string };

export const bodyMutation: fc.Arbitrary<BodyMutation> = fc
  .constant(null)
  .chain(() => bodyMutationArbitrary());

function bodyMutationArbitrary(): fc.Arbitrary<BodyMutation> {
  return fc.oneof(
    fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
    fc.record({ kind: fc.constant('replace-leaf' as const), leaf: fc.nat(), json: hostileJsonText }),
    fc.record({ kind: fc.constant('replace-leaf' as const), leaf: fc.nat(), json: hostileJsonText }),
    fc.record({ kind: fc.constant('drop-leaf' as const), leaf: fc.nat() }),
    fc.record({ kind: fc.constant('whole' as const), json: hostileJsonText }),
    fc.record({
      kind: fc.constant('extra-key' as const),
      key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'admin', 'user_id', 'id', ''), fc.string()),
      json: hostileJsonText,
    }),
    fc.record({ kind: fc.constant('duplicate-key' as const), leaf: fc.nat(), json: hostileJsonText }),
    fc.record({
      kind: fc.constant('raw' as const),
      text: fc.oneof(fc.constantFrom(...MALFORMED), fc.string({ unit: 'binary', maxLength: 60 })),
    }),
  );
}

type Path = readonly (string | number)[];

/** Paths to the leaves of a JSON value (the root itself for a scalar). */
const leavesOf = (value: unknown, at: Path = []): Path[] => {
  if (Array.isArray(value))
    return value.length === 0 ? [at] : value.flatMap((v, i) => leavesOf(v, [...at, i]));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? [at] : entries.flatMap(([k, v]) => leavesOf(v, [...at, k]));
  }
  return [at];
};

const HOLE = '\u0000hostile-hole\u0000';
const REMOVE = Symbol('remove');

/** `value` with the leaf at `path` set to HOLE (or removed), as a fresh copy. */
const withLeaf = (value: unknown, path: Path, leaf: unknown | typeof REMOVE): unknown => {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const child = withLeaf(copy[head as number], rest, leaf);
    if (child === REMOVE) copy.splice(head as number, 1);
    else copy[head as number] = child;
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as object) };
  const child = withLeaf(copy[head as string], rest, leaf);
  if (child === REMOVE) delete copy[head as string];
  else copy[head as string] = child;
  return copy;
};

/** Serializes `value` with the HOLE string replaced by raw JSON text. */
const fill = (value: unknown, json: string) =>
  JSON.stringify(value).replace(JSON.stringify(HOLE), () => json);

/** How many leaves a route's good body has (one, the whole body, for a route that reads none). */
export const leafCount = (good: unknown): number => leavesOf(good === undefined ? {} : good).length;

/** The body text a mutation makes of a route's good body (`{}` for a route that reads none). */
export const mutateBody = (good: unknown, mutation: BodyMutation): string => {
  const base = good === undefined ? {} : good;
  const leaves = leavesOf(base);
  const leafAt = (n: number) => leaves[n % leaves.length]!;
  switch (mutation.kind) {
    case 'truncate': {
      const text = JSON.stringify(base);
      return text.slice(0, Math.min(text.length - 1, Math.floor(mutation.at * text.length)));
    }
    case 'replace-leaf':
      return fill(withLeaf(base, leafAt(mutation.leaf), HOLE), mutation.json);
    case 'drop-leaf': {
      const path = leafAt(mutation.leaf);
      return path.length === 0 ? '' : JSON.stringify(withLeaf(base, path, REMOVE));
    }
    case 'whole':
      return mutation.json;
    case 'extra-key': {
      if (base === null || typeof base !== 'object' || Array.isArray(base))
        return `{${JSON.stringify(mutation.key)}:${mutation.json}}`;
      const text = JSON.stringify(base);
      const inner = text.slice(1, -1);
      return `{${inner}${inner === '' ? '' : ','}${JSON.stringify(mutation.key)}:${mutation.json}}`;
    }
    case 'duplicate-key': {
      const path = leafAt(mutation.leaf);
      const key = path.at(-1);
      if (typeof key !== 'string' || path.length !== 1) return `[${JSON.stringify(base)},${mutation.json}]`;
      const text = JSON.stringify(base);
      return `${text.slice(0, -1)},${JSON.stringify(key)}:${mutation.json}}`;
    }
    case 'raw':
      return mutation.text;
  }
};

/** String values in a body text (what a message must not echo), when it parses; else the text itself. */
export const stringsOf = (text: string): string[] => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [text];
  }
  // Iterative: the bodies nest tens of thousands deep.
  const found: string[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') found.push(v);
    else if (typeof v === 'number') found.push(String(v));
    else if (Array.isArray(v)) stack.push(...v);
    else if (v !== null && typeof v === 'object') stack.push(...Object.values(v));
  }
  return found;
};

// ---- content types, headers, tokens -----------------------------------------------------------

export const oddContentType: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constantFrom(
    undefined,
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'application/json;charset=latin1',
    'APPLICATION/JSON',
    'application/vnd.api+json',
    'application/json-patch+json',
    'application/jsonx',
    'application/json5',
    'application/jsonp',
    'application/x-json',
    'text/json',
    'text/plain',
    'text/html',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    'image/png',
    '*/*',
    '',
    ';',
    'json',
    'application/',
    '/json',
    'application/json, text/plain',
    ' application/json',
    'application/json\t',
    'application/json; boundary=',
    `application/json; ${'x'.repeat(4_000)}`,
  ),
  // Any visible Latin-1 text an HTTP header can carry.
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength: 60,
  }),
);

export const oddAcceptLanguage: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '*',
    'fr;q=abc',
    'fr;q=1e309',
    'fr;q=-1',
    'de;q=0, *;q=0',
    'es;q=NaN',
    ',,,;;;',
    'q=1',
    'x-klingon',
    'fr-FR-x-private-very-long-subtag',
    `${'fr,'.repeat(1_000)}it`,
    'it;q=0.9;q=1',
  ),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
);

/** Authorization headers that carry no valid token (besides no header at all). */
export const badAuthorization = (goodToken: string): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    fc.constantFrom(
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Bearer  ',
      'Basic dXNlcjpwYXNz',
      'Token abc',
      'Bearer a.b.c',
      'Bearer ...',
      'Bearer null',
      'Bearer undefined',
      `Bearer ${goodToken}x`,
      `Bearer ${goodToken.slice(0, -2)}`,
      `Bearer ${goodToken.split('.').slice(0, 2).join('.')}.`,
      `Bearer ${goodToken.split('.').reverse().join('.')}`,
      `${goodToken}`,
      `Bearer ${'a'.repeat(4_000)}`,
      `Bearer ${'eyJ'.repeat(1_000)}.${'e'.repeat(100)}.${'e'.repeat(100)}`,
    ),
    fc
      .string({
        unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
        maxLength: 200,
      })
      .map((s) => `Bearer ${s}`),
  );

export const WRONG_METHODS = ['PATCH', 'OPTIONS', 'DELETE'] as const;

/** The header pairs of a request with an optional bearer token and content type. */
export const headersWith = (
  token: string | undefined,
  contentType: string | undefined,
  extra: readonly (readonly [string, string])[] = [],
): (readonly [string, string])[] => [
  ...Object.entries(bearer(token)),
  ...(contentType === undefined ? [] : ([['content-type', contentType]] as const)),
  ...extra,
];

/** A request to send, the target it aims at, and the values its answer must not echo. */
export interface HostileRequest {
  readonly target: Target;
  readonly raw: RawRequest;
  readonly echoes: readonly string[];
  /** The statuses that count as success: none for a wrong method, or a token route without a valid token. */
  readonly success: readonly number[];
}

/** What success means for a request to `target` with `method`, with or without a valid token. */
export const successOf = (target: Target, method: string, authorized: boolean): readonly number[] =>
  method !== target.route.method || (target.route.access === 'token' && !authorized) ? [] : target.success;

/**
 * Whether anything in the request could be mistaken for a leak in its answer. Tokens are left
 * out: no answer repeats them, and a good token's base64 may well hold `zod` or `.ts-`.
 */
export const requestCarriesMarker = (raw: RawRequest): boolean =>
  carriesMarker(raw.target) ||
  raw.headers.some(
    ([name, value]) =>
      name.toLowerCase() !== 'authorization' && (carriesMarker(name) || carriesMarker(value)),
  ) ||
  (raw.body !== undefined && raw.body.length < 2_000_000 && carriesMarker(raw.body.toString('utf8')));

/**
 * Keeps the request line within API Gateway's URL limit, and with the headers within the
 * sandbox's (MAX_HEAD_BYTES): anything cut is cut as sent.
 */
export const requestTarget = (
  path: string,
  query: string | undefined,
  headers: readonly (readonly [string, string])[],
): string => {
  const target = query === undefined || query === '' ? path : `${path}?${query}`;
  const headerBytes = headers.reduce((sum, [name, value]) => sum + Buffer.byteLength(name + value) + 4, 0);
  return target.slice(0, Math.min(MAX_TARGET_LENGTH, MAX_HEAD_BYTES - headerBytes));
};
