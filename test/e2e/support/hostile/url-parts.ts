/** Hostile parts of a request's URL: percent-encoding, the leak markers, hostile text, path ids and query strings. */
import fc from 'fast-check';

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

export const encoded = (text: string): UrlPart => ({ wire: percentEncode(text), text });
export const rawPart = (wire: string): UrlPart => {
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
  /valibot|middy|dynalite|@aws-sdk/i,
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
