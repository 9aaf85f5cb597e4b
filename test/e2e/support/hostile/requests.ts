/** Hostile headers (content types, languages, authorization) and the helpers that assemble a hostile request. */
import fc from 'fast-check';
import type { RawRequest } from '../raw-http';
import { bearer } from '../tokens';
import { MAX_HEAD_BYTES, MAX_TARGET_LENGTH, type Target } from './targets';
import { carriesMarker } from './url-parts';

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
 * out: no answer repeats them, and a good token's base64 may well hold a marker such as `.ts-`.
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
