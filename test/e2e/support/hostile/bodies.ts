/** Hostile request bodies: JSON values that break validation, malformed text, and mutations of a route's good body. */
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { hostileText } from './url-parts';

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

export function bodyMutationArbitrary(): fc.Arbitrary<BodyMutation> {
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

/**
 * Byte sequences that are not UTF-8 (docs/decisions/http-requests.md D63): a lone continuation byte, Latin-1 text,
 * an overlong `/`, an encoded surrogate, a truncated sequence, bytes never used; or random bytes
 * that happen not to be UTF-8.
 */
export const notUtf8: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(
    Buffer.from([0x80]),
    Buffer.from('Straße', 'latin1'),
    Buffer.from([0xc0, 0xaf]),
    Buffer.from([0xed, 0xa0, 0x80]),
    Buffer.from([0x41, 0xe2, 0x82]),
    Buffer.from([0xfe, 0xff]),
    Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  ),
  fc
    .uint8Array({ minLength: 1, maxLength: 12 })
    .map((bytes) => Buffer.from(bytes))
    .filter((bytes) => !isUtf8(bytes)),
);

const BYTES_HOLE = '"\u0000hostile-bytes\u0000"';

/** The route's good body with `bytes` as the text of one string, the leaf at `leaf` (any leaf: it becomes a string). */
export const bytesInLeaf = (good: unknown, leaf: number, bytes: Buffer): Buffer => {
  const [before, after] = mutateBody(good, { kind: 'replace-leaf', leaf, json: BYTES_HOLE }).split(
    BYTES_HOLE,
  );
  return Buffer.concat([Buffer.from(`${before}"`), bytes, Buffer.from(`"${after ?? ''}`)]);
};
