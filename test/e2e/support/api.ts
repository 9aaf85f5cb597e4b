import { assertDocumented } from './api-contract';

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON for a JSON answer, the text for another, null when there is no body. */
  readonly body: unknown;
}

/** The sandbox's base URL (`http://127.0.0.1:<port>/v1`), set by the e2e global setup. */
export const baseUrl = (): string => {
  const url = process.env.SANDBOX_URL;
  if (!url) throw new Error('SANDBOX_URL is not set: run the e2e tests with `npx jest --selectProjects e2e`');
  return url;
};

/** Calls the API: `api('/products?country=FR')`, with `init` as for fetch. */
export const api = (path: string, init?: RequestInit): Promise<ApiResponse> =>
  fetchApi(`${baseUrl()}${path}`, init);

/**
 * Fetches an absolute URL and reads the answer as the tests compare it: JSON parsed, empty as
 * null. The answer is first checked against docs/openapi.json (./api-contract.ts): one the
 * document does not describe fails the test, naming the operation.
 */
export async function fetchApi(url: string, init?: RequestInit): Promise<ApiResponse> {
  const response = await fetch(url, init);
  const text = await response.text();
  const { pathname, search } = new URL(url);
  assertDocumented(init?.method ?? 'GET', `${pathname}${search}`, {
    status: response.status,
    headers: response.headers,
    text,
  });
  const isJson = /^application\/([a-z.+-]*\+)?json\b/i.test(response.headers.get('content-type') ?? '');
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? null : isJson ? JSON.parse(text) : text,
  };
}
