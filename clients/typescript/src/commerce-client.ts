/**
 * The client itself: openapi-fetch's, with each call's options checked as they are written, the
 * token sent on every call, and every call bounded by a timeout and retried on a 429 or a 503 as
 * `Retry-After` says (retrying-fetch.ts).
 */
import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
  type Middleware,
  type ParseAs,
} from 'openapi-fetch';
import type { paths } from './commerce-api-types.ts';
import { type RetryOptions, retryingFetch } from './retrying-fetch.ts';

type Method = 'get' | 'put' | 'post' | 'delete' | 'head';

/**
 * One method of the client, as openapi-fetch's but checking the call's options as they are written:
 * openapi-fetch infers them as a type of their own, which lets a parameter the route does not have
 * through beside one it has (`{ country: 'FR', colour: 'red' }`); here they are checked against the
 * route's own type, so any name the document does not give is a compile error.
 */
type CheckedMethod<M extends Method> = <
  Path extends ClientPathsWithMethod<Client<paths>, M>,
  As extends ParseAs = 'json',
>(
  url: Path,
  ...init: undefined extends MaybeOptionalInit<paths[Path], M>
    ? [options?: MaybeOptionalInit<paths[Path], M> & { parseAs?: As }]
    : [options: MaybeOptionalInit<paths[Path], M> & { parseAs?: As }]
) => Promise<FetchResponse<NonNullable<paths[Path][M]>, { parseAs: As }, `${string}/${string}`>>;

/** The client: `client.GET('/products', { params: { query: { country: 'FR' } } })`, and so on for every route. */
export type CommerceClient = Pick<Client<paths>, 'use' | 'eject'> & {
  readonly GET: CheckedMethod<'get'>;
  readonly PUT: CheckedMethod<'put'>;
  readonly POST: CheckedMethod<'post'>;
  readonly DELETE: CheckedMethod<'delete'>;
  readonly HEAD: CheckedMethod<'head'>;
};

export interface CommerceClientOptions {
  /** The API's base URL, `/v1` included: `https://<api>/v1`, or `http://127.0.0.1:3000/v1` for the sandbox. */
  readonly baseUrl: string;
  /** The access token of the token routes (docs/identity.md), or a function giving the current one. */
  readonly token?: string | (() => string | Promise<string>);
  /**
   * The longest a call may take, its retries and their waits included (60 s by default; `false`:
   * none). A call past it rejects with a `TimeoutError` (a DOMException). A call's own `signal`
   * ends it sooner.
   */
  readonly timeoutMs?: number | false;
  /** Retries of a 429 or a 503 (2, each after its `Retry-After` up to 10 s, by default); `false`: none. */
  readonly retry?: RetryOptions | false;
  /** Another fetch (tests, proxies); the platform's by default. */
  readonly fetch?: (request: Request) => Promise<Response>;
}

/** A client of the API at `baseUrl`, sending `Authorization: Bearer <token>` when a token is given. */
export function createCommerceClient({
  baseUrl,
  token,
  timeoutMs = 60_000,
  retry = {},
  fetch = (request) => globalThis.fetch(request),
}: CommerceClientOptions): CommerceClient {
  const client = createClient<paths>({ baseUrl, fetch: retryingFetch(fetch, { timeoutMs, retry }) });
  if (token !== undefined) {
    const bearer: Middleware = {
      async onRequest({ request }) {
        request.headers.set('Authorization', `Bearer ${typeof token === 'string' ? token : await token()}`);
        return request;
      },
    };
    client.use(bearer);
  }
  return client as CommerceClient;
}
