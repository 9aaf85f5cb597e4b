/**
 * A fetch for the typed client's unit tests: it answers from a list, in turn, and records each
 * request as the API would have received it (its URL, method, token, body) and when it came.
 */
export const BASE = 'https://api.example/v1';

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export const tooMany = (retryAfter?: string) =>
  json(
    429,
    { code: 'too_many_requests', message: 'Too many requests.' },
    retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  );

export interface SeenRequest {
  readonly url: string;
  readonly method: string;
  readonly auth: string | null;
  readonly body: string;
  readonly at: number;
}

/** An answer, or a fetch that never answers and rejects with its signal's reason when aborted. */
export type FakeAnswer = (() => Response) | 'hang';

const hang = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

export const fakeFetch = (answers: FakeAnswer[]) => {
  const seen: SeenRequest[] = [];
  const fetch = async (request: Request) => {
    seen.push({
      url: request.url,
      method: request.method,
      auth: request.headers.get('authorization'),
      body: await request.text(),
      at: Date.now(),
    });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${request.url}`);
    return next === 'hang' ? hang(request.signal) : next();
  };
  return { fetch, seen };
};
