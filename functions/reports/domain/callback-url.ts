import { MAX_CALLBACK_URL_LENGTH } from './callback-url-length';
import { isIpLiteral, isPublicAddress } from './public-address';

/**
 * The rules a `callback_url` must meet (docs/decisions/report-export.md D6), checked when a report is requested and
 * again before each send. Pure: a name that is not an IP literal is accepted here, and what it
 * resolves to is checked at send time (`resolvePublic`).
 */

export type CallbackUrlRefusal =
  | 'not_a_string'
  | 'too_long'
  | 'invalid_url'
  | 'not_https'
  | 'credentials'
  | 'non_public_address'
  | 'local_name';

export type ParsedCallbackUrl =
  | {
      ok: true;
      url: URL;
      /** Accepted only through the sandbox's `http://127.0.0.1:<port>` / `localhost` allowance. */
      loopback: boolean;
    }
  | { ok: false; reason: CallbackUrlRefusal; message: string };

export interface CallbackUrlOptions {
  /** The sandbox alone: also accept `http://127.0.0.1:<port>/…` and `http://localhost:<port>/…`. */
  allowLoopbackHttp: boolean;
}

const refuse = (reason: CallbackUrlRefusal, message: string): ParsedCallbackUrl => ({
  ok: false,
  reason,
  message,
});

/** `localhost`, `*.localhost`, with or without the trailing dot (RFC 6761). */
const isLocalhostName = (hostname: string) => {
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return name === 'localhost' || name.endsWith('.localhost');
};

export const parseCallbackUrl = (raw: unknown, options: CallbackUrlOptions): ParsedCallbackUrl => {
  if (typeof raw !== 'string') return refuse('not_a_string', 'callback_url must be a string');
  if (raw.length > MAX_CALLBACK_URL_LENGTH) {
    return refuse('too_long', `callback_url must be at most ${MAX_CALLBACK_URL_LENGTH} characters`);
  }
  // WHATWG parsing: only absolute URLs, and IPv4 hosts come out as dotted decimal whatever
  // their spelling (2130706433, 0x7f.1, 0177.0.0.1, 127.1 all become 127.0.0.1).
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('invalid_url', 'callback_url must be an absolute URL');
  }
  if (url.href.length > MAX_CALLBACK_URL_LENGTH) {
    return refuse('too_long', `callback_url must be at most ${MAX_CALLBACK_URL_LENGTH} characters`);
  }
  if (url.username !== '' || url.password !== '') {
    return refuse('credentials', 'callback_url must not carry credentials');
  }
  const { hostname } = url;

  if (
    options.allowLoopbackHttp &&
    url.protocol === 'http:' &&
    url.port !== '' &&
    (hostname === '127.0.0.1' || hostname === 'localhost')
  ) {
    return { ok: true, url, loopback: true };
  }

  if (url.protocol !== 'https:') return refuse('not_https', 'callback_url must use https');
  if (hostname === '') return refuse('invalid_url', 'callback_url must name a host');
  if (isIpLiteral(hostname)) {
    return isPublicAddress(hostname)
      ? { ok: true, url, loopback: false }
      : refuse('non_public_address', 'callback_url must point at a public address');
  }
  if (isLocalhostName(hostname)) {
    return refuse('local_name', 'callback_url must not point at localhost');
  }
  return { ok: true, url, loopback: false };
};
