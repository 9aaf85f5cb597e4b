import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { type AuthorizerOutcome, authorizerOutcome } from './authorizer-answer';

export type RequestAuthorizerHandler = (
  event: APIGatewayRequestAuthorizerEvent,
  context: Context,
) => Promise<APIGatewayAuthorizerResult>;

/**
 * `PINNED_AUTHORIZER_CACHE_TTL` of lib/api/authorizers.ts: nothing is cached. (A copy, to keep
 * aws-cdk-lib out of the request path; test/unit/local/gateway-parity.test.ts holds it to the
 * synthesized API, with the absent identity source.)
 */
export const REQUEST_AUTHORIZER_CACHE_TTL_MS = 0;

export interface RequestAuthorizerOptions {
  readonly load: () => Promise<RequestAuthorizerHandler>;
  readonly context: (requestId: string) => Context;
}

/**
 * Plays the stack's REQUEST authorizer of the resources with a pinned variable (`/{me}` for
 * `/@me`): no identity source and no cache, so the function runs on every request, with or
 * without a token, and its answer is read as a TOKEN authorizer's is (Allow: the context reaches
 * the function; `Unauthorized`: 401; Deny: 404; anything else: 500).
 */
export function createRequestAuthorizer(options: RequestAuthorizerOptions) {
  return (event: APIGatewayRequestAuthorizerEvent): Promise<AuthorizerOutcome> =>
    authorizerOutcome(async () => {
      const handler = await options.load();
      return handler(event, options.context(event.requestContext.requestId));
    }, event.methodArn);
}
