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
export async function api(path: string, init?: RequestInit): Promise<ApiResponse> {
  const response = await fetch(`${baseUrl()}${path}`, init);
  const text = await response.text();
  const isJson = /^application\/([a-z.+-]*\+)?json\b/i.test(response.headers.get('content-type') ?? '');
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? null : isJson ? JSON.parse(text) : text,
  };
}
