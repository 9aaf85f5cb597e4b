/**
 * Every answer the e2e suite receives from the API is held to the published contract,
 * docs/openapi.json (docs/decisions/api-contract.md D86): the operation is found from the method
 * and the URL's path under the server base `/v1` (the document's path templates), then its
 * status, media type, body and documented headers are checked (cli/smoke/openapi-contract.ts,
 * ajv 2020). A request no operation describes (an unknown path, a method the path does not have)
 * must get one of the document's shared error responses. Paths outside `/v1` are the sandbox's
 * own pages (`/openapi.json`, `/docs`, `/.well-known/jwks.json`, `/_sandbox/…`), not the API:
 * they are not checked. `OPENAPI_CHECK_LOG=<file>` appends one JSON line per checked answer (how
 * many the suite checks, and what failed).
 */
import { appendFileSync } from 'node:fs';
import { type Contract, committedContract } from '#cli/smoke/openapi-contract';
import { API_VERSION } from '#functions/routes';

const BASE = `/${API_VERSION}`;

let contract: Contract | undefined;
const theContract = (): Contract => {
  contract ??= committedContract();
  return contract;
};

/** An answer the published contract does not describe; its message names the operation. */
export class ContractViolation extends Error {
  override readonly name = 'ContractViolation';
}

export interface CheckedAnswer {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  /** The body's text ('' for none). */
  readonly text: string;
}

/** A segment decoded as the gateway decodes it; a malformed escape stays as sent. */
const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The decoded segments under the server base of a request target, as the gateway resolves it
 * (dot segments removed as a URL parser does, one trailing `/` ignored: `/v1/products/` is
 * `/v1/products`), or undefined outside the API.
 */
const apiSegments = (target: string): string[] | undefined => {
  const { pathname } = new URL(target, 'http://api.invalid');
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (trimmed !== BASE && !trimmed.startsWith(`${BASE}/`)) return undefined;
  return trimmed === BASE
    ? []
    : trimmed
        .slice(BASE.length + 1)
        .split('/')
        .map(decoded);
};

/**
 * What is wrong with an answer to `method target` (target: the URL's path and query, as sent),
 * as `GET /products/{product_id} answered 200: …`; undefined when the contract holds or the
 * target is outside the API.
 */
export function contractProblem(method: string, target: string, answer: CheckedAnswer): string | undefined {
  const segments = apiSegments(target);
  if (segments === undefined) return undefined;
  const template = theContract().operationOf(segments);
  const described = template !== undefined && theContract().describes(method, template);
  const named = `${method.toUpperCase()} ${template ?? `/${segments.join('/')}`}${described ? '' : ' (no operation: a shared error response)'}`;
  const mediaType = answer.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  let json: unknown;
  if (mediaType === 'application/json' && answer.text !== '') {
    try {
      json = JSON.parse(answer.text);
    } catch {
      return `${named} answered ${answer.status}: its body is not JSON`;
    }
  }
  const checked = { status: answer.status, mediaType, json, headers: answer.headers };
  const problem = described
    ? theContract().problem(method.toUpperCase(), template, checked)
    : theContract().undescribedProblem(method, checked);
  const log = process.env.OPENAPI_CHECK_LOG;
  if (log)
    appendFileSync(
      log,
      `${JSON.stringify({ operation: named, status: answer.status, problem: problem ?? null })}\n`,
    );
  return problem && `${named} answered ${answer.status}: ${problem}`;
}

/** Throws a ContractViolation when the answer breaks the contract. */
export function assertDocumented(method: string, target: string, answer: CheckedAnswer): void {
  const problem = contractProblem(method, target, answer);
  if (problem) throw new ContractViolation(problem);
}

/** `fetch`, with the answer checked against the contract before it is returned (unread). */
export async function checkedFetch(url: string | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  const parsed = new URL(url);
  const text = await response.clone().text();
  assertDocumented(init?.method ?? 'GET', `${parsed.pathname}${parsed.search}`, {
    status: response.status,
    headers: response.headers,
    text,
  });
  return response;
}
