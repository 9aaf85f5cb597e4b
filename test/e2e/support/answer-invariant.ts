/**
 * The one rule every answer to a hostile request must keep (docs/decisions/http-requests.md D1): the route's success,
 * or a 4xx whose body is exactly `{"code", "message"}` in JSON with a snake_case code and a
 * general message that echoes no value of the request; never a 5xx; and nothing in any header
 * or body that gives away how the service is built — stack frames, exception names, file paths,
 * resource names, ARNs, library names. The requests carry none of those (hostile/*.ts
 * filters them), so any found in an answer came from the server.
 */
import { isUtf8 } from 'node:buffer';
import { UNSEEN_OR_CONTROL } from '#commons/http/free-text';
import type { RawAnswer } from './raw-http';

const LEAKS: readonly (readonly [string, RegExp])[] = [
  ['a stack frame', /(^|\n|\\n)\s*at\s+\S+/],
  ['an exception', /\w*Error:/],
  ['a file path', /\/work\b|node_modules|\.ts\b/],
  ['a table, queue or bucket name', /commerce-api-/i],
  ['an ARN', /arn:aws/i],
  ['a library name', /\bvalibot\b|middy|dynalite|@aws-sdk/i],
];

const SNAKE_CASE = /^[a-z]+(_[a-z]+)*$/;
/** One printable ASCII sentence: a capital (or a quoted name) first, a full stop last. */
const GENERAL_SENTENCE = /^['A-Z][\x20-\x7e]{8,198}\.$/;

/** Headers a given status must carry (docs/decisions/http-requests.md D1). */
const REQUIRED_HEADERS: Readonly<Record<number, string>> = {
  401: 'www-authenticate',
  405: 'allow',
  429: 'retry-after',
};

/**
 * A value of the request that a message must not repeat: long enough not to be an ordinary word
 * of a sentence, and not a plain name (a message may name the offending parameter).
 */
const echoable = (value: string) =>
  value.length >= 5 &&
  !/^[A-Za-z][A-Za-z ]*$/.test(value) &&
  !OWN_WORDS.some((words) => words.includes(value));
/** What a message says of its own, whatever the request sent: the media type the API takes. */
const OWN_WORDS = ['(application/json)'];

export interface Expectation {
  /** Statuses that count as the route's success for this request (none: it must not succeed). */
  readonly success: readonly number[];
  readonly method: string;
  /** Values sent in the request (path ids, query values, body strings, header values). */
  readonly echoes: readonly string[];
  /** The body as sent, for a request that stores what it sends (a PUT or a POST on a write route). */
  readonly stored?: Buffer;
  /** The API's own origin (`http://127.0.0.1:<port>`): where every Location of ours must point. */
  readonly origin: string;
}

/** Answers whose Location names a resource of this API (the report's 302 goes to the bucket instead). */
const OWN_LOCATIONS = new Set([201, 202, 303]);

/** Every string in a JSON text (iteratively: bodies nest deep). */
const jsonStrings = (text: string): string[] => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const found: string[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') found.push(v);
    else if (Array.isArray(v)) stack.push(...v);
    else if (v !== null && typeof v === 'object') stack.push(...Object.keys(v), ...Object.values(v));
  }
  return found;
};

/**
 * docs/decisions/http-requests.md D62, D63: what a write answers is what it stored, and that may hold neither
 * invisible, direction-changing or control characters, nor U+FFFD the client did not send
 * (bytes that were not UTF-8, replaced instead of refused).
 */
const storedTextProblems = (answerText: string, sent: Buffer): string[] => {
  const sentReplacement =
    (isUtf8(sent) && sent.toString('utf8').includes('\ufffd')) || /\\ufffd/i.test(sent.toString('latin1'));
  const problems: string[] = [];
  for (const text of jsonStrings(answerText)) {
    if (UNSEEN_OR_CONTROL.test(text)) {
      problems.push(`a success that stored invisible or control text: ${JSON.stringify(text).slice(0, 120)}`);
    }
    if (text.includes('\ufffd') && !sentReplacement) {
      problems.push(
        `a success that stored U+FFFD in place of what was sent: ${JSON.stringify(text).slice(0, 120)}`,
      );
    }
  }
  return problems;
};

/** The problems with `answer`, or an empty list when it keeps the rule. */
export function answerProblems(answer: RawAnswer, expected: Expectation): string[] {
  const problems: string[] = [];
  const { status } = answer;
  const isSuccess = expected.success.includes(status);
  if (status >= 500) problems.push(`a ${status}`);
  else if (!isSuccess && (status < 400 || status >= 500)) {
    problems.push(
      `status ${status} is neither a 4xx nor the route's success (${expected.success.join(', ') || 'none allowed'})`,
    );
  }

  const text = answer.body.toString('utf8');
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const [what, leak] of LEAKS)
      if (leak.test(value)) problems.push(`header ${name} carries ${what}: ${value.slice(0, 200)}`);
  }
  if (!answer.headers['content-type']?.startsWith('application/pdf')) {
    for (const [what, leak] of LEAKS) {
      const found = leak.exec(text);
      if (found)
        problems.push(
          `the body carries ${what}: …${text.slice(Math.max(0, found.index - 60), found.index + 80)}…`,
        );
    }
  }

  if (!isSuccess && status >= 400) {
    if (!/^application\/json\b/.test(answer.headers['content-type'] ?? '')) {
      problems.push(`Content-Type ${answer.headers['content-type'] ?? '(none)'} instead of application/json`);
    }
    const required = REQUIRED_HEADERS[status];
    if (required && !answer.headers[required]) problems.push(`a ${status} without ${required}`);
    if (expected.method === 'HEAD') {
      if (answer.body.length > 0) problems.push('a body on a HEAD answer');
    } else {
      problems.push(...d1Problems(text, expected.echoes));
    }
  } else if (isSuccess && /^application\/json\b/.test(answer.headers['content-type'] ?? '') && text !== '') {
    try {
      JSON.parse(text);
    } catch {
      problems.push('a success whose JSON body does not parse');
    }
    if (expected.stored) problems.push(...storedTextProblems(text, expected.stored));
  }
  // docs/decisions/http-requests.md D61: our Locations are ours, whatever Host or X-Forwarded-Proto the client sent.
  const location = answer.headers.location;
  if (location !== undefined && OWN_LOCATIONS.has(status) && !location.startsWith(`${expected.origin}/v1/`)) {
    problems.push(`a ${status} whose Location is not the API's own: ${location.slice(0, 200)}`);
  }
  return problems;
}

/** The docs/decisions/http-requests.md D1 body: exactly `{code, message}`, snake_case code, a general message echoing nothing sent. */
const d1Problems = (text: string, echoes: readonly string[]): string[] => {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`an error body that is not JSON: ${text.slice(0, 200)}`];
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return [`an error body that is not an object: ${text.slice(0, 200)}`];
  const keys = Object.keys(body).sort();
  if (keys.join(',') !== 'code,message')
    return [`an error body with keys ${keys.join(', ')}: ${text.slice(0, 200)}`];
  const { code, message } = body as { code: unknown; message: unknown };
  const problems: string[] = [];
  if (typeof code !== 'string' || !SNAKE_CASE.test(code))
    problems.push(`a code that is not snake_case: ${String(code)}`);
  if (typeof message !== 'string' || !GENERAL_SENTENCE.test(message)) {
    problems.push(`a message that is not a general sentence: ${String(message).slice(0, 200)}`);
  } else {
    const echoed = echoes.find((value) => echoable(value) && message.includes(value));
    if (echoed !== undefined) problems.push(`a message that echoes the request: ${message}`);
  }
  return problems;
};

/** Tallies what the properties sent: cases per property and route, and the statuses seen. */
export class HostileTally {
  readonly cases = new Map<string, number>();
  readonly byRoute = new Map<string, number>();
  readonly statuses = new Map<number, number>();
  readonly messages = new Set<string>();
  readonly successes = new Map<string, number>();

  record(property: string, route: string, answer: RawAnswer, success: boolean): void {
    this.cases.set(property, (this.cases.get(property) ?? 0) + 1);
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (success) this.successes.set(route, (this.successes.get(route) ?? 0) + 1);
    if (answer.status >= 400 && answer.body.length > 0 && answer.body.length < 500) {
      try {
        const { code, message } = JSON.parse(answer.body.toString('utf8')) as {
          code: string;
          message: string;
        };
        this.messages.add(`${answer.status} ${code}: ${message}`);
      } catch {
        // Not docs/decisions/http-requests.md D1: the invariant has already said so.
      }
    }
  }

  get total(): number {
    return [...this.cases.values()].reduce((a, b) => a + b, 0);
  }

  summary(seconds: number): string {
    const sorted = <K>(m: Map<K, number>) =>
      [...m.entries()].sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    return [
      `hostile input: ${this.total} requests in ${seconds.toFixed(1)} s`,
      `  by property: ${sorted(this.cases)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
      `  by status: ${sorted(this.statuses)
        .map(([k, v]) => `${k}×${v}`)
        .join(', ')}`,
      `  successes by route: ${
        sorted(this.successes)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ') || 'none'
      }`,
      `  routes covered: ${this.byRoute.size}`,
      `  distinct error messages (${this.messages.size}):`,
      ...[...this.messages].sort().map((m) => `    ${m}`),
    ].join('\n');
  }
}
