/**
 * The published contract tried from outside, as a client generated from it would (docs/decisions/api-contract.md D86):
 * requests generated from docs/openapi.json for every operation (its examples, boundary and
 * invalid values of every parameter and body field, with and without a token), each answer
 * checked against the document by the suite's one HTTP helper (support/api-contract.ts). No
 * answer may have an undocumented status, break its schema or documented headers, or be a 5xx.
 *
 * Nothing other tests read changes: writes get only bodies the document refuses (or no token),
 * reads are the administrator's where they count nothing, else a caller the seed does not have
 * (its own limits: the report status's bucket is its own).
 */
import { readFileSync } from 'node:fs';
import { OPENAPI_FILE } from '#lib/project-paths';
import { baseUrl, fetchApi } from './support/api';
import { ContractViolation } from './support/api-contract';
import { pathOf, SEARCH_CRITERIA, type Target, targets } from './support/hostile/targets';
import { seedLocations } from './support/seed';
import { users } from './support/seed-identities';
import { bearer, tokenFor } from './support/tokens';

/** The caller of this file's token requests: no seeded user, owns nothing, no other test uses it. */
const CONFORMANCE_USER = 900_023;
if (users.some((user) => user.id === CONFORMANCE_USER)) throw new Error('CONFORMANCE_USER must be unseeded');

type Json = Record<string, unknown>;
interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required?: boolean;
  readonly schema: Json;
}
interface Operation {
  readonly operationId: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content: Record<string, { schema: Json }> };
  readonly security?: readonly unknown[];
}
interface Probe {
  readonly method: string;
  /** Under the base URL, query included. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};

/** Reads of resources the seed does not hold (a batch, a report): this file creates none, other files may have. */
const CREATED_BY_TESTS_ONLY = [
  'GET /orders/batches/{batch_id}',
  'GET /orders/reports/status/{report_id}',
  'GET /orders/reports/{report_id}',
];

/** Good values of parameters the document gives no example of (by name); a required one takes it. */
const KNOWN_VALUES: Readonly<Record<string, string>> = {
  location_id: seedLocations[0]!,
  country: 'FR',
  currency: 'EUR',
  searchCriteria: JSON.stringify(SEARCH_CRITERIA),
};

/** Values of one query parameter: its examples, its boundaries, just past them, and wrong types. */
const queryValues = (name: string, schema: Json): string[] => {
  const values = new Set<string>(['', '%00', 'x'.repeat(300)]);
  if (KNOWN_VALUES[name]) values.add(KNOWN_VALUES[name]);
  for (const example of (schema.examples ?? []) as unknown[])
    values.add(Array.isArray(example) ? example.join(',') : String(example));
  if (schema.type === 'integer') {
    const [min, max] = [schema.minimum as number, schema.maximum as number];
    for (const n of [min, max, min - 1, max + 1]) if (Number.isFinite(n)) values.add(String(n));
    for (const wrong of ['1.5', 'abc', '1e3', '0x10', '-1']) values.add(wrong);
  }
  if (schema.type === 'array') {
    const items = (schema.items ?? {}) as Json;
    const choices = (items.enum ?? []) as string[];
    for (const choice of choices) values.add(choice);
    if (choices.length > 0) values.add(choices.join(','));
    values.add('not_a_name');
    values.add(',');
    const maxItems = schema.maxItems as number | undefined;
    if (maxItems)
      values.add(
        Array.from(
          { length: maxItems + 1 },
          (_, i) => choices[i % Math.max(choices.length, 1)] ?? `v${i}`,
        ).join(','),
      );
    const maxLength = items.maxLength as number | undefined;
    if (maxLength) values.add('b'.repeat(maxLength + 1));
  }
  if (schema.type === 'string') {
    for (const choice of (schema.enum ?? []) as string[]) values.add(choice);
    const maxLength = schema.maxLength as number | undefined;
    if (maxLength) values.add('c'.repeat(maxLength + 1));
    values.add('!!');
  }
  return [...values];
};

/** Path values: each variable replaced, one at a time, by values its schema refuses or may not know. */
const PATH_VALUES = [
  '0',
  '-1',
  '99999999999',
  'abc',
  '1.5',
  '%20',
  'x'.repeat(200),
  '00000000-0000-4000-8000-00000000000g',
];

/** A value of the wrong JSON type for a schema. */
const wrongType = (schema: Json): unknown =>
  schema.type === 'string' ? 12 : schema.type === 'array' ? 'x' : schema.type === 'object' ? [] : 'x';

/** Values of one body field: wrong type, just past its bounds, and (for a read) its bounds. */
const fieldValues = (schema: Json, read: boolean): unknown[] => {
  const values: unknown[] = [wrongType(schema), null];
  if (typeof schema.maxLength === 'number') values.push('d'.repeat(schema.maxLength + 1));
  if (typeof schema.minLength === 'number' && schema.minLength > 0) values.push('');
  if (typeof schema.minimum === 'number') values.push(schema.minimum - 1, ...(read ? [schema.minimum] : []));
  if (typeof schema.maximum === 'number') values.push(schema.maximum + 1, ...(read ? [schema.maximum] : []));
  if (typeof schema.maxItems === 'number')
    values.push(Array.from({ length: schema.maxItems + 1 }, () => 'e'));
  return values;
};

/** Bodies for an operation: for a read, its good one among them; for a write, only refused ones. */
const bodiesOf = (operation: Operation, target: Target, read: boolean): string[] => {
  const schema = operation.requestBody?.content['application/json']?.schema;
  if (!schema) return [];
  const good = target.goodBody;
  const bodies: unknown[] = [[], 'text', 42];
  if (read) bodies.push(good);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  if (schema.type === 'object' && good && typeof good === 'object') {
    bodies.push({ ...good, unknown_field: 1 });
    for (const name of (schema.required ?? []) as string[]) {
      const { [name]: _, ...rest } = good as Json;
      bodies.push(rest);
    }
    for (const [name, property] of Object.entries(properties)) {
      for (const value of fieldValues(property, read)) bodies.push({ ...good, [name]: value });
    }
  } else {
    bodies.push({}, '');
  }
  return [...bodies.map((body) => JSON.stringify(body)), '{"unterminated": '];
};

const withQuery = (path: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

/** Every probe of one operation. */
const probesOf = (method: string, operation: Operation): Probe[] => {
  const target = targets.find((t) => t.route.name === operation.operationId);
  if (!target) throw new Error(`No route for operation ${operation.operationId}`);
  const verb = method.toUpperCase();
  const read = verb === 'GET' || verb === 'HEAD' || operation.operationId === 'search-products';
  const secured = (operation.security ?? []).length > 0;
  const token = read && target.adminMayRead ? tokenFor(1, { admin: true }) : tokenFor(CONFORMANCE_USER);
  const headers = (extra: Record<string, string> = {}) => ({
    ...bearer(secured ? token : undefined),
    ...extra,
  });
  const parameters = operation.parameters ?? [];
  const required = Object.fromEntries(
    parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => [
        p.name,
        String((p.schema.examples as unknown[] | undefined)?.[0] ?? KNOWN_VALUES[p.name] ?? 'x'),
      ]),
  );
  const goodPath = pathOf(target).slice(`/${target.segments[0]}`.length);
  const bodies = bodiesOf(operation, target, read);
  const json = { 'content-type': 'application/json' };
  const base = (query: Record<string, string> = required, extra: Record<string, string> = {}): Probe => ({
    method: verb,
    path: withQuery(goodPath, query),
    headers: headers({ ...(bodies.length > 0 ? json : {}), ...extra }),
    ...(read && bodies.length > 0 ? { body: JSON.stringify(target.goodBody) } : {}),
  });
  const probes: Probe[] = [];
  // Reads: as documented, by a caller who may not see the resource, and HEAD on a GET (no
  // operation: the gateway's 405); writes: only without a token or with a refused body, below.
  if (read) probes.push(base(), base({}));
  if (read && secured)
    probes.push({ ...base(), headers: { ...base().headers, ...bearer(tokenFor(CONFORMANCE_USER)) } });
  if (verb === 'GET') probes.push({ ...base(), method: 'HEAD' });
  // Without a token, and with a token on a public route (ignored).
  probes.push({ ...base(), headers: bodies.length > 0 ? json : {} });
  if (secured) probes.push({ ...base(), headers: { ...json, authorization: 'Bearer not.a.token' } });
  else probes.push({ ...base(), headers: { ...base().headers, ...bearer(tokenFor(CONFORMANCE_USER)) } });
  if (!read) {
    // A write's probes carry a refused body; an unknown query parameter is refused too.
    probes.push({ ...base({ ...required, unknown: '1' }), body: '[]' });
  }
  for (const parameter of parameters) {
    if (parameter.in === 'query') {
      for (const value of queryValues(parameter.name, parameter.schema)) {
        const probe = base({ ...required, [parameter.name]: value });
        probes.push(read ? probe : { ...probe, body: '[]' });
      }
    } else if (parameter.in === 'header' && read) {
      for (const value of ['fr', 'de-CH, fr;q=0.5', '*', 'xx', 'fr;q=2'])
        probes.push(base(required, { [parameter.name]: value }));
    } else if (parameter.in === 'path') {
      const at = target.segments.indexOf(`{${parameter.name}}`);
      for (const value of PATH_VALUES) {
        const segments = pathOf(target).split('/');
        segments[at + 1] = value;
        probes.push({
          ...base(),
          path: withQuery(`/${segments.slice(2).join('/')}`, required),
          ...(read ? {} : { body: '[]' }),
        });
      }
    }
  }
  for (const body of bodies) {
    if (body === JSON.stringify(target.goodBody) && !read) continue;
    probes.push({ ...base(), body });
  }
  if (bodies.length > 0) probes.push({ ...base(required, { 'content-type': 'text/plain' }), body: '{}' });
  return probes;
};

const probes = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, operation]) =>
    probesOf(method, operation).map((probe) => ({
      ...probe,
      operation: `${method.toUpperCase()} ${path}`,
    })),
  ),
);

it('every answer to requests generated from docs/openapi.json is one the document describes', async () => {
  const violations: string[] = [];
  const serverErrors: string[] = [];
  const succeeded = new Set<string>();
  const queue = [...probes];
  const send = async () => {
    for (let probe = queue.shift(); probe; probe = queue.shift()) {
      const { method, path, headers, body } = probe;
      try {
        const answer = await fetchApi(`${baseUrl()}${path}`, {
          method,
          headers,
          ...(body === undefined ? {} : { body }),
        });
        if (answer.status >= 500) serverErrors.push(`${method} ${path} answered ${answer.status}`);
        if (answer.status < 400) succeeded.add(probe.operation);
      } catch (error) {
        if (!(error instanceof ContractViolation)) throw error;
        violations.push(
          `${error.message}\n  request: ${method} ${path.slice(0, 200)} ${body?.slice(0, 200) ?? ''}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, send));
  console.log(
    `openapi-conformance: ${probes.length} requests checked against docs/openapi.json, ${violations.length} violations, ${serverErrors.length} server errors`,
  );
  expect(violations).toEqual([]);
  expect(serverErrors).toEqual([]);
  // The generated requests reach the operations' successes, not only their refusals: every read
  // succeeds at least once, but those whose resources only exist once some test has created them.
  const reads = [...new Set(probes.map((p) => p.operation))].filter(
    (o) => /^(GET|HEAD) /.test(o) || o === 'POST /products/search',
  );
  const neverSucceeded = reads.filter((operation) => !succeeded.has(operation));
  expect(neverSucceeded.filter((operation) => !CREATED_BY_TESTS_ONLY.includes(operation))).toEqual([]);
});
