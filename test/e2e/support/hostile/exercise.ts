/**
 * How the hostile tests send their cases: a request to a target from a few hostile parts (the
 * rest good), every request of a case at once, each answer checked against the invariant of
 * answer-invariant.ts and tallied for HOSTILE_INPUT_SUMMARY.
 */
import fc from 'fast-check';
import { answerProblems, HostileTally } from '../answer-invariant';
import { baseUrl } from '../api';
import { contractProblem } from '../api-contract';
import { checkedAnswer, type RawAnswer, type RawRequest, sendRaw } from '../raw-http';
import { mutateBody, stringsOf } from './bodies';
import { type HostileRequest, headersWith, requestCarriesMarker, requestTarget, successOf } from './requests';
import { type CallerChoice, pathOf, type Target, tokenOf } from './targets';

/** Fixed, so every run sends the same requests; HOSTILE_INPUT_SEED and HOSTILE_INPUT_RUNS explore further. */
export const SEED = Number(process.env.HOSTILE_INPUT_SEED ?? 20_261_122);
/** Cases per property; each case is sent to every route of the table. */
export const RUNS = Number(process.env.HOSTILE_INPUT_RUNS ?? 60);
export const OVERSIZE_RUNS = 8;
/** Accepted requests allowed on each route that starts work (a batch, a report execution). */
const WORK_BUDGET = 2;

export const tally = new HostileTally();
export const started = performance.now();
const origin = () => new URL(baseUrl()).origin;

const tokens = new Map<string, string>();
export const tokenFrom = (target: Target, choice: CallerChoice) => {
  const key = `${target.route.name}:${choice}`;
  let token = tokens.get(key);
  if (token === undefined) {
    token = tokenOf(target, choice);
    tokens.set(key, token);
  }
  return token;
};

const workLeft = new Map<string, number>();
/** The route's good body, as long as its budget lasts on a route that starts work; then one with an unknown field. */
export const goodBodyOf = (target: Target): string | undefined => {
  if (target.goodBody === undefined) return undefined;
  if (target.startsWork) {
    const left = workLeft.get(target.route.name) ?? WORK_BUDGET;
    if (left === 0) return mutateBody(target.goodBody, { kind: 'extra-key', key: 'unexpected', json: '1' });
    workLeft.set(target.route.name, left - 1);
  }
  return JSON.stringify(target.goodBody);
};

export interface Parts {
  readonly method?: string;
  readonly path?: string;
  readonly query?: string;
  readonly token?: string;
  readonly authorized?: boolean;
  readonly contentType?: string;
  readonly body?: string | Buffer;
  readonly chunked?: boolean;
  readonly headers?: readonly (readonly [string, string])[];
  readonly echoes?: readonly string[];
}

/** A request to `target` with the given parts; the rest is good (its path, its method, no body). */
export const requestTo = (target: Target, parts: Parts): HostileRequest => {
  const method = parts.method ?? target.route.method;
  const body = typeof parts.body === 'string' ? Buffer.from(parts.body, 'utf8') : parts.body;
  const headers = headersWith(parts.token, body === undefined ? undefined : parts.contentType, parts.headers);
  const raw: RawRequest = {
    method,
    target: requestTarget(parts.path ?? pathOf(target), parts.query, headers),
    headers,
    ...(body === undefined ? {} : { body }),
    ...(parts.chunked ? { chunked: true } : {}),
  };
  const bodyStrings = typeof parts.body === 'string' ? stringsOf(parts.body) : [];
  return {
    target,
    raw,
    echoes: [...(parts.echoes ?? []), ...bodyStrings, ...headers.map(([, value]) => value)],
    success: successOf(target, method, parts.authorized ?? parts.token !== undefined),
  };
};

const describeRequest = ({ raw }: HostileRequest) => {
  const clip = (text: string, n = 300) =>
    text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text;
  const headers = raw.headers.map(([k, v]) => `${k}: ${clip(v, 120)}`).join(' | ');
  const body = raw.body === undefined ? '(no body)' : clip(raw.body.toString('utf8'));
  return `${raw.method} ${clip(raw.target)}${raw.chunked ? ' (chunked)' : ''}\n    headers: ${headers}\n    body: ${body}`;
};

/** Sends every request at once, checks each answer against the invariant, and tallies them. */
export const exercise = async (
  property: string,
  requests: readonly HostileRequest[],
): Promise<RawAnswer[]> => {
  fc.pre(!requests.some((request) => requestCarriesMarker(request.raw)));
  const answers = await Promise.all(
    requests.map((request) =>
      sendRaw(origin(), request.raw).catch((error: unknown) => {
        throw new Error(`No answer (${String(error)}) to ${describeRequest(request)}`);
      }),
    ),
  );
  const failures: string[] = [];
  requests.forEach((request, i) => {
    const answer = answers[i]!;
    const { method, body } = request.raw;
    // A route granted a write may store what it was sent.
    const writes = request.target.route.table.some((grant) =>
      grant.actions.some((action) => action === 'dynamodb:PutItem' || action === 'dynamodb:UpdateItem'),
    );
    const stores = writes && (method === 'PUT' || method === 'POST');
    const problems = answerProblems(answer, {
      success: request.success,
      method,
      echoes: request.echoes,
      origin: origin(),
      ...(stores && body !== undefined ? { stored: body } : {}),
    });
    // Hostile or not, the answer is one docs/openapi.json describes (docs/decisions/api-contract.md D86).
    const undocumented = contractProblem(method, request.raw.target, checkedAnswer(answer));
    if (undocumented) problems.push(undocumented);
    tally.record(property, request.target.route.name, answer, request.success.includes(answer.status));
    if (problems.length > 0) {
      failures.push(
        `${request.target.route.name}: ${problems.join('; ')}\n  request: ${describeRequest(request)}\n` +
          `  answer: ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`,
      );
    }
  });
  if (failures.length > 0)
    throw new Error(`${failures.length} answer(s) break the rule:\n${failures.slice(0, 3).join('\n')}`);
  return answers;
};

export const settings = (runs = RUNS) => ({ numRuns: runs, seed: SEED, endOnFailure: true });
