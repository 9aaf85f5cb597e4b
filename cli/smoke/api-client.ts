import { CheckFailed } from './checks';
import type { Contract } from './openapi-contract';

export type Method = 'GET' | 'POST' | 'DELETE';

/** One request of a check. */
export interface Call {
  readonly method: Method;
  /** The operation's path in docs/openapi.json (`/products/{product_id}`): the answer is checked against it. */
  readonly operation: string;
  /** The path under the API's base URL; the operation's when it has no parameter. */
  readonly path?: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly token?: string;
  /** The statuses that mean the check may go on; any other fails it. */
  readonly expect: readonly number[];
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Buffer;
  /** The parsed body of a JSON answer. */
  readonly json: unknown;
}

/** `GET /products?country=FR&limit=5`: how a line names a request. */
export const describeCall = (call: Pick<Call, 'method' | 'operation' | 'path' | 'query'>): string => {
  const query = new URLSearchParams(call.query).toString();
  return `${call.method} ${call.path ?? call.operation}${query ? `?${decodeURIComponent(query)}` : ''}`;
};

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * How long a request waits out 503s with Retry-After: right after a deploy that raises the
 * catalogue's layout, listings across partitions and searches answer so until the stage has
 * upgraded its catalogue by itself (docs/decisions/catalogue-versions.md D73), which takes seconds to minutes.
 */
export const UNAVAILABLE_WAIT_MS = 10 * 60_000;
/** Longest single pause, whatever Retry-After asks. */
const MAX_PAUSE_MS = 30_000;

/**
 * The pause an answer's Retry-After asks for, in ms (seconds as a whole number, at most
 * `maxMs`), or undefined when it names none.
 */
export const retryAfterMs = (answer: Pick<Answer, 'headers'>, maxMs = MAX_PAUSE_MS): number | undefined => {
  const seconds = Number(answer.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, maxMs) : undefined;
};

/** `500 internal_error: The message.`, from an error body of ours (docs/api.md, Errors), else the status alone. */
const statusText = (answer: Answer): string => {
  const { code, message } = (answer.json ?? {}) as { code?: unknown; message?: unknown };
  return typeof code === 'string'
    ? `${answer.status} ${code}${typeof message === 'string' ? `: ${message}` : ''}`
    : `${answer.status}`;
};

/**
 * The API of the stage, as a client sees it: every answer must have a status the check expects
 * and must hold to the published contract (docs/openapi.json), or the check fails saying which.
 * Redirects are not followed, so a 303 or 302 is seen as it is.
 */
export class ApiClient {
  constructor(
    /** `…/v1`, without a trailing slash. */
    readonly baseUrl: string,
    private readonly contract: Contract,
    private readonly unavailableWaitMs = UNAVAILABLE_WAIT_MS,
    private readonly pause: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  async call(call: Call): Promise<Answer> {
    const url = new URL(`${this.baseUrl}${call.path ?? call.operation}`);
    for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.set(name, value);
    const send = () =>
      this.fetch(url.href, {
        method: call.method,
        headers: {
          ...(call.token === undefined ? {} : { authorization: `Bearer ${call.token}` }),
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      });
    let answer = await send();
    // A 503 with Retry-After is the stage asking to come back (D73's upgrade): the check waits,
    // and fails only if the stage still asks so after the whole wait.
    let waited = 0;
    for (
      let pause = retryAfterMs(answer);
      answer.status === 503 &&
      !call.expect.includes(503) &&
      pause !== undefined &&
      waited < this.unavailableWaitMs;
      pause = retryAfterMs(answer)
    ) {
      const ms = Math.max(pause, 1000);
      await this.pause(ms);
      waited += ms;
      answer = await send();
    }
    if (!call.expect.includes(answer.status)) {
      const after =
        answer.status === 503 && waited > 0
          ? `still answered ${statusText(answer)} after ${Math.round(waited / 1000)} s of waiting`
          : `answered ${statusText(answer)}`;
      throw new CheckFailed(`${describeCall(call)} ${after}, expected ${call.expect.join(' or ')}`);
    }
    const mediaType = answer.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    const problem = this.contract.problem(call.method, call.operation, {
      status: answer.status,
      mediaType,
      json: answer.json,
      headers: answer.headers,
    });
    if (problem) throw new CheckFailed(`${describeCall(call)}: ${problem}`);
    return answer;
  }

  /** Any URL, e.g. a pre-signed download, with no token and no contract. */
  async download(url: string): Promise<Answer> {
    return this.fetch(url, { method: 'GET' });
  }

  /**
   * The path under the base URL that a `Location` of ours names: an absolute URL on the API's
   * own domain (docs/decisions/http-requests.md D61), or the check fails.
   */
  ownPath(answer: Answer): string {
    const location = answer.headers.get('location');
    if (!location) throw new CheckFailed(`the ${answer.status} answer has no Location`);
    if (!location.startsWith(`${this.baseUrl}/`)) {
      throw new CheckFailed(`the Location ${location} is not under the API's base URL ${this.baseUrl}`);
    }
    return location.slice(this.baseUrl.length);
  }

  private async fetch(url: string, init: RequestInit): Promise<Answer> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    let json: unknown;
    if (response.headers.get('content-type')?.includes('json') && bytes.length > 0) {
      try {
        json = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw new CheckFailed(
          `${init.method} ${url} answered ${response.status} with a body that is not JSON`,
        );
      }
    }
    return { status: response.status, headers: response.headers, bytes, json };
  }
}
