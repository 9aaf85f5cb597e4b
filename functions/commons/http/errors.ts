/**
 * Errors a client may see (docs/decisions/http-requests.md D1): a status, a snake_case code and a general sentence. Messages
 * never carry identifiers, values, versions, paths or exception text; details go to the log.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = () => new HttpError(404, 'not_found', 'The requested resource was not found.');

/** docs/decisions/http-requests.md D1: a missing, expired or invalid token; `WWW-Authenticate` tells the client what to send. */
export const unauthorized = () =>
  new HttpError(401, 'unauthorized', 'A valid access token is required.', { 'WWW-Authenticate': 'Bearer' });

export const invalidRequest = (message = 'The request is not valid.') =>
  new HttpError(400, 'invalid_request', message);

export const unsupportedMediaType = () =>
  new HttpError(415, 'unsupported_media_type', 'The request body must be JSON (application/json).');

/** docs/decisions/api-contract.md D87: JSON in a charset other than UTF-8. */
export const unsupportedCharset = () =>
  new HttpError(
    415,
    'unsupported_media_type',
    'The request body must be UTF-8: send charset=utf-8 or no charset.',
  );

/**
 * Over a per-caller limit; `Retry-After` is whole seconds to wait (docs/decisions/http-requests.md D1;
 * docs/decisions/limits-and-throttles.md D25; docs/decisions/report-export.md D56;
 * docs/decisions/order-batches.md D57, D58).
 */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_requests', 'Too many requests; wait before calling again.', {
    'Retry-After': String(retryAfterSeconds),
  });

/** docs/decisions/http-requests.md D1; docs/decisions/catalogue-versions.md D73: data the answer needs is being made; `Retry-After` is whole seconds to wait. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, 'service_unavailable', message, { 'Retry-After': String(retryAfterSeconds) });

export const internalError = () => new HttpError(500, 'internal_error', 'An unexpected error occurred.');

/** Names a parameter only when its name is plain, so a message never echoes arbitrary input. */
export const parameterName = (name: PropertyKey | undefined): string | undefined =>
  typeof name === 'string' && /^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(name) ? name : undefined;

export const invalidParameter = (name: PropertyKey | undefined, where: 'query' | 'body' = 'query') => {
  // A nested field's name (query.ts) is plain names joined by dots.
  const plain =
    typeof name === 'string' && name.split('.').every((step) => parameterName(step))
      ? name
      : parameterName(name);
  const subject = where === 'query' ? 'query parameter' : 'field';
  return invalidRequest(plain ? `The ${subject} '${plain}' is invalid.` : `A ${subject} is invalid.`);
};
