/**
 * What the operations of the OpenAPI document share: each header's values as the service sends
 * them, and the error answers every route may give (components.responses).
 */
import { REPORT_LIMITS } from '#functions/contracts/caller-limits';
import { CACHE_POLICIES, LANGUAGE_TAG_PATTERN } from '#functions/contracts/openapi-sources';
import { type SuccessHeader, sharedErrorResponses, UNSUPPORTED_MEDIA_TYPE } from './route-responses';
import type { Json } from './schema-conversion';

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });
/** A header every answer of its kind carries. */
export const always = (value: Json): Json => ({ ...value, required: true });

/**
 * The longest wait a `Retry-After` advises: a refused request waits for its bucket's refill at
 * most, the hourly report bucket's being the longest (docs/decisions/report-export.md D56);
 * the polls, the catalogue upgrade and the gateway's throttle advise seconds.
 */
const MAX_RETRY_AFTER_SECONDS = REPORT_LIMITS.perHour.refillSeconds;

// Each header's values as the service sends them, bounded (docs/decisions/api-contract.md D88).
export const HEADERS: Record<SuccessHeader | 'Cache-Control' | 'Content-Language' | 'Vary', Json> = {
  Location: header('Absolute URL of the resource the answer points to.', { type: 'string', format: 'uri' }),
  'Retry-After': header('Seconds to wait before the next call.', {
    type: 'integer',
    format: 'int32',
    minimum: 1,
    maximum: MAX_RETRY_AFTER_SECONDS,
  }),
  'Cache-Control': always(
    header("The route's caching policy (docs/decisions/http-requests.md D10).", {
      type: 'string',
      enum: [...new Set(Object.values(CACHE_POLICIES))],
    }),
  ),
  'Content-Language': always(
    header(
      'The languages the texts are in, the negotiated one first: one of the catalogue’s (RFC 4647 lookup of ' +
        'Accept-Language), then English where a text has no translation (docs/decisions/http-requests.md D17).',
      {
        type: 'string',
        maxLength: 400,
        pattern: `^${LANGUAGE_TAG_PATTERN.slice(1, -1)}(, ${LANGUAGE_TAG_PATTERN.slice(1, -1)})*$`,
      },
    ),
  ),
  Vary: always(
    header('`Accept-Language` on translated answers.', { type: 'string', const: 'Accept-Language' }),
  ),
};

/** Every error answer, the gateway's included, is `no-store` (docs/api.md, Errors). */
const ERROR_CACHE_CONTROL = always(
  header('`no-store`: an error is never cached.', { type: 'string', const: 'no-store' }),
);

export const error = (description: string, headers: Json = {}) => ({
  description,
  headers: { 'Cache-Control': ERROR_CACHE_CONTROL, ...headers },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The error answers every route shares, by name (components.responses). */
export const ERROR_RESPONSES = {
  ...(Object.fromEntries(
    Object.entries(sharedErrorResponses).map(([name, { description }]) => [name, error(description)]),
  ) as Record<keyof typeof sharedErrorResponses, ReturnType<typeof error>>),
  Unauthorized: error('No valid access token.', {
    'WWW-Authenticate': always(header('`Bearer`.', { type: 'string', enum: ['Bearer'] })),
  }),
  NotFound: error('No such resource or path.'),
  NotFoundOrNotYours: error(
    'No such resource, or one the caller may not see: the same answer (docs/decisions/tokens-and-rights.md D3).',
  ),
  MethodNotAllowed: error('This method is not allowed on this path.', {
    // At most the seven methods a path can have, comma-separated.
    Allow: always(
      header('The methods the path allows.', {
        type: 'string',
        maxLength: 64,
        pattern: '^[A-Z]+(, [A-Z]+)*$',
      }),
    ),
  }),
  UnsupportedMediaType: error(UNSUPPORTED_MEDIA_TYPE),
  TooManyRequests: error("Too many requests (the API's throttling).", {
    'Retry-After': always(HEADERS['Retry-After']),
  }),
  InternalError: error('An unexpected error; details are in the service logs only.'),
};

export type ErrorResponseName = keyof typeof ERROR_RESPONSES;
