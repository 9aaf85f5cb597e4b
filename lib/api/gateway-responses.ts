import { ResponseType, type RestApiBase } from 'aws-cdk-lib/aws-apigateway';
import { GATEWAY_ANSWER_HEADERS } from './gateway-answer-headers';

/**
 * The answers API Gateway gives on its own (unknown path, throttling, timeouts, ...), rewritten
 * into the docs/decisions/http-requests.md D1 error shape `{"code","message"}` so a client sees one error format whether the
 * answer came from a function or from the gateway. Messages are general sentences (spec,
 * errors rule 1): no ids, paths or internal details.
 */
export interface GatewayError {
  readonly type: ResponseType;
  readonly statusCode: string;
  readonly code: string;
  readonly message: string;
  /** Header values in API Gateway syntax: a static value is quoted, `'Bearer'`. */
  readonly headers?: Readonly<Record<string, string>>;
}

export const errorBody = (code: string, message: string): string => JSON.stringify({ code, message });

/** The headers of every answer the gateway gives on its own, in API Gateway syntax (a static value is quoted). */
export const GATEWAY_ANSWER_PARAMETERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(GATEWAY_ANSWER_HEADERS).map(([name, value]) => [name, `'${value}'`]),
);

const notFound = { statusCode: '404', code: 'not_found', message: 'The requested resource was not found.' };
/** The body of every 404, whoever answers it (gateway response, mock, function). */
export const NOT_FOUND_BODY = errorBody(notFound.code, notFound.message);
const unauthorized = {
  statusCode: '401',
  code: 'unauthorized',
  message: 'A valid access token is required.',
  headers: { 'WWW-Authenticate': "'Bearer'" },
};
const tooManyRequests = {
  statusCode: '429',
  code: 'too_many_requests',
  message: 'Too many requests; retry after the delay given in Retry-After.',
  headers: { 'Retry-After': "'1'" },
};
const invalidRequest = { statusCode: '400', code: 'invalid_request', message: 'The request is not valid.' };
const internalError = { statusCode: '500', code: 'internal_error', message: 'An unexpected error occurred.' };

export const gatewayErrors: readonly GatewayError[] = [
  // API Gateway answers an unknown path with 403 "Missing Authentication Token" (docs/decisions/http-requests.md D1: 404).
  { type: ResponseType.MISSING_AUTHENTICATION_TOKEN, ...notFound },
  { type: ResponseType.RESOURCE_NOT_FOUND, ...notFound },
  // docs/decisions/tokens-and-rights.md D3: a resource the caller may not see is answered like one that does not exist. This is also
  // the answer to a Deny policy from the authorizer (it only ever allows, or refuses with 401).
  { type: ResponseType.ACCESS_DENIED, ...notFound },
  { type: ResponseType.UNAUTHORIZED, ...unauthorized },
  { type: ResponseType.EXPIRED_TOKEN, ...unauthorized },
  { type: ResponseType.INVALID_SIGNATURE, ...unauthorized },
  { type: ResponseType.THROTTLED, ...tooManyRequests },
  { type: ResponseType.QUOTA_EXCEEDED, ...tooManyRequests },
  { type: ResponseType.BAD_REQUEST_BODY, ...invalidRequest },
  { type: ResponseType.BAD_REQUEST_PARAMETERS, ...invalidRequest },
  {
    type: ResponseType.UNSUPPORTED_MEDIA_TYPE,
    statusCode: '415',
    code: 'unsupported_media_type',
    message: 'The content type of the request is not supported.',
  },
  {
    type: ResponseType.REQUEST_TOO_LARGE,
    statusCode: '413',
    code: 'payload_too_large',
    message: 'The request is too large.',
  },
  {
    type: ResponseType.INTEGRATION_TIMEOUT,
    statusCode: '504',
    code: 'timeout',
    message: 'The request took too long to process.',
  },
  // The authorizer failed (timeout, crash, a result API Gateway cannot read) or is misconfigured:
  // the caller did nothing wrong, so a 500 like any other server fault, never a 401 or 403.
  { type: ResponseType.AUTHORIZER_FAILURE, ...internalError },
  { type: ResponseType.AUTHORIZER_CONFIGURATION_ERROR, ...internalError },
  { type: ResponseType.DEFAULT_4XX, ...invalidRequest },
  { type: ResponseType.DEFAULT_5XX, ...internalError },
];

export function addGatewayErrors(api: RestApiBase): void {
  for (const error of gatewayErrors) {
    api.addGatewayResponse(error.type.responseType, {
      type: error.type,
      statusCode: error.statusCode,
      responseHeaders: { ...GATEWAY_ANSWER_PARAMETERS, ...error.headers },
      templates: { 'application/json': errorBody(error.code, error.message) },
    });
  }
}
