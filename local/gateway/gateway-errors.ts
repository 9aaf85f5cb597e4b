/**
 * The answers API Gateway gives on its own in the stack (lib/api/gateway-responses.ts and the ANY
 * mock of lib/api/method-not-allowed.ts), in the docs/decisions/http-requests.md D1 shape. Kept here as plain data so the request path does
 * not load aws-cdk-lib; test/unit/local/gateway-parity.test.ts checks them against the
 * synthesized API, so the two cannot drift apart.
 */
export interface GatewayAnswer {
  readonly statusCode: number;
  readonly code: string;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export const gatewayAnswers = {
  /** Unknown path (MISSING_AUTHENTICATION_TOKEN), and a Deny from the authorizer (ACCESS_DENIED, docs/decisions/tokens-and-rights.md D3). */
  notFound: { statusCode: 404, code: 'not_found', message: 'The requested resource was not found.' },
  methodNotAllowed: {
    statusCode: 405,
    code: 'method_not_allowed',
    message: 'This method is not allowed on this resource.',
  },
  /** No token, or one the authorizer refused (UNAUTHORIZED). */
  unauthorized: {
    statusCode: 401,
    code: 'unauthorized',
    message: 'A valid access token is required.',
    headers: { 'WWW-Authenticate': 'Bearer' },
  },
  payloadTooLarge: { statusCode: 413, code: 'payload_too_large', message: 'The request is too large.' },
  /** The request line and headers are longer than the gateway takes. */
  headersTooLarge: {
    statusCode: 431,
    code: 'request_header_fields_too_large',
    message: 'The request line or headers are too large.',
  },
  /** Not HTTP the gateway can read. */
  badRequest: { statusCode: 400, code: 'invalid_request', message: 'The request is not valid.' },
  /** A function or the authorizer throws, times out or answers nonsense (DEFAULT_5XX, AUTHORIZER_FAILURE). */
  internalError: { statusCode: 500, code: 'internal_error', message: 'An unexpected error occurred.' },
} as const satisfies Record<string, GatewayAnswer>;

export const gatewayErrorBody = (answer: GatewayAnswer): string =>
  JSON.stringify({ code: answer.code, message: answer.message });
