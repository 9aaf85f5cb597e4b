import { pathToPointer } from '@stoplight/json';
import { Ruleset } from '@stoplight/spectral-core';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { oas } from '@stoplight/spectral-rulesets';
import { routes } from '#functions/routes';

/**
 * The lint of docs/openapi.json (docs/decisions/api-contract.md D88): Spectral's `oas`
 * rules and the OWASP API Security ruleset, both loaded from node_modules (no network). Every
 * finding is fixed where the document comes from (the handlers' valibot schemas, document.ts) or
 * acknowledged below with its reason: a rule off for the whole document, or off at the places of
 * one kind that `PLACES` finds in the document.
 */

type Json = Record<string, unknown>;
type Path = readonly (string | number)[];

/** Rules off everywhere, each with why. */
const OFF = {
  // Each operation has the summary of its route (functions/routes.ts); the prose is docs/api.md's.
  'operation-description': 'off',
  // The API has no public support contact to name.
  'info-contact': 'off',
  // The strings left without format, pattern or enum are free text (names, labels, titles,
  // descriptions, addresses, messages): no pattern would say more than their bounded length.
  'owasp:api4:2023-string-restricted': 'off',
  // The API sends no CORS headers (docs/decisions/codebase-conventions.md D84: http-cors is among
  // what it does not send), so other sites' pages may not call it; the sandbox's /docs page is on
  // the API's own origin. Declaring Access-Control-Allow-Origin would be false.
  'owasp:api8:2023-define-cors-origin': 'off',
  // No RateLimit or X-RateLimit headers on success: every operation documents its 429 with
  // Retry-After (owasp:api4:2023-rate-limit-retry-after stays on), and docs/api.md the limits.
  'owasp:api4:2023-rate-limit': 'off',
  // It asks the token scheme's description to claim RFC 8725; the authorizer's checks
  // (docs/identity.md) have not been reviewed against every practice of it, so we claim nothing.
  'owasp:api2:2023-jwt-best-practices': 'off',
} as const;

interface Place {
  readonly rules: readonly string[];
  /** Whether the node at `path` is one of these places (it and everything under it). */
  readonly is: (path: Path, node: Json) => boolean;
}

const last = (path: Path, n = 1) => path.at(-n);

const PUBLIC = new Set(
  routes.filter((r) => r.access === 'public').map((r) => `${r.method.toLowerCase()} ${r.path}`),
);

/** Rules off at places of one kind, each with why. */
const PLACES: readonly Place[] = [
  {
    // `fields` names the resource's fields, and may repeat one (functions/commons/http/fields.ts);
    // Accept-Language is read leniently, an unknown tag skipped, never refused. Only the
    // gateway's limits on the URL and the headers bound them.
    rules: ['owasp:api4:2023-string-limit', 'owasp:api4:2023-array-limit'],
    is: (path, node) =>
      last(path, 2) === 'parameters' && (node.name === 'fields' || node.name === 'Accept-Language'),
  },
  {
    // A URL the service makes: its own, or S3's pre-signed one, whose length (its session
    // token's) AWS does not bound.
    rules: ['owasp:api4:2023-string-limit'],
    is: (path) => last(path) === 'Location' && last(path, 2) === 'headers',
  },
  {
    // An error's message is a sentence for people; a 400's names the parameter or field the
    // client sent, so its length follows the request's.
    rules: ['owasp:api4:2023-string-limit'],
    is: (path) => last(path) === 'message' && last(path, 2) === 'properties',
  },
  {
    // A binary body: its size is in bytes (at most 4 MiB, the 302 beyond), not a string's length.
    rules: ['owasp:api4:2023-string-limit'],
    is: (path, node) => last(path, 2) === 'content' && last(path) !== 'application/json' && 'schema' in node,
  },
  {
    // Every business unit the catalogue holds: the catalogue file bounds their number nowhere.
    rules: ['owasp:api4:2023-array-limit'],
    is: (path) => path[1] === '/business-units' && last(path) === 'schema' && path.includes('200'),
  },
  {
    // The public routes of the table, the catalogue reads (and POST /products/search, a read with
    // a body): no token, so no security and no 401. test/infra/table-grants.test.ts holds them to
    // no caller's data; every other operation keeps these rules.
    rules: [
      'owasp:api2:2023-read-restricted',
      'owasp:api2:2023-write-restricted',
      'owasp:api8:2023-define-error-responses-401',
    ],
    is: (path) => path.length === 3 && path[0] === 'paths' && PUBLIC.has(`${path[2]} ${path[1]}`),
  },
  {
    // The id of a webhook secret, not the secret (shown once, in the 201's body).
    rules: ['owasp:api2:2023-no-credentials-in-url'],
    is: (path, node) => last(path, 2) === 'parameters' && node.name === 'secret_id',
  },
];

/** Every node of the document with its path. */
function* nodes(node: unknown, path: Path = []): Generator<[Path, Json]> {
  if (node === null || typeof node !== 'object') return;
  yield [path, node as Json];
  for (const [key, child] of Object.entries(node)) yield* nodes(child, [...path, key]);
}

/**
 * The ruleset for `document` (parsed), as Spectral runs it on a file at `source`: a place is
 * acknowledged by its JSON pointer, which Spectral matches per rule.
 */
export const openApiRuleset = (document: Json, source: string): Ruleset => {
  const overrides = PLACES.flatMap(({ rules, is }) => {
    // Any file (`**`), at the pointer as Spectral writes it (URI-encoded: `{` is `%7B`).
    const files = [...nodes(document)]
      .filter(([path, node]) => is(path, node))
      .map(([path]) => `**${pathToPointer(path.map(String))}`);
    return files.length === 0 ? [] : [{ files, rules: Object.fromEntries(rules.map((r) => [r, 'off'])) }];
  });
  return new Ruleset({ extends: [oas, owasp], rules: OFF, overrides }, { source });
};
