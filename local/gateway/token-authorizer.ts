import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent, Context } from 'aws-lambda';
import { type AuthorizerOutcome, authorizerOutcome } from './authorizer-answer';

export type TokenAuthorizerHandler = (
  event: APIGatewayTokenAuthorizerEvent,
  context: Context,
) => Promise<APIGatewayAuthorizerResult>;

/** `AUTHORIZER_CACHE_TTL` of lib/api/authorizers.ts: answers are cached per token for this long. */
export const AUTHORIZER_CACHE_TTL_MS = 5 * 60 * 1000;

/**
 * `BEARER_TOKEN_PATTERN` of lib/api/authorizers.ts, the authorizer's identity validation expression: a
 * header that does not match is a 401 without a call. (Copied to keep aws-cdk-lib out of the
 * request path; test/unit/local/gateway-parity.test.ts compares both with the synthesized API.)
 */
export const IDENTITY_VALIDATION_EXPRESSION = '^Bearer [-0-9A-Za-z._~+/]+=*$';

export interface TokenAuthorizerOptions {
  readonly load: () => Promise<TokenAuthorizerHandler>;
  readonly context: (requestId: string) => Context;
  readonly ttlMs?: number;
  readonly now?: () => number;
}

/**
 * Plays API Gateway's TOKEN authorizer (identity source: the Authorization header): no header,
 * or one that fails the validation expression, is a 401 without a call; otherwise the authorizer
 * function runs, its policy is cached per token for the TTL and evaluated against each request's
 * method ARN, and its context reaches the route's function as `requestContext.authorizer`, with
 * `principalId`.
 */
export function createTokenAuthorizer(options: TokenAuthorizerOptions) {
  const ttl = options.ttlMs ?? AUTHORIZER_CACHE_TTL_MS;
  const validIdentity = new RegExp(IDENTITY_VALIDATION_EXPRESSION);
  const now = options.now ?? Date.now;
  const cache = new Map<string, { expires: number; result: APIGatewayAuthorizerResult }>();

  const resultFor = async (token: string, methodArn: string, requestId: string) => {
    const cached = cache.get(token);
    if (cached && cached.expires > now()) return cached.result;
    const handler = await options.load();
    const result = await handler(
      { type: 'TOKEN', authorizationToken: token, methodArn },
      options.context(requestId),
    );
    cache.set(token, { expires: now() + ttl, result });
    return result;
  };

  return async (
    authorization: string | undefined,
    methodArn: string,
    requestId: string,
  ): Promise<AuthorizerOutcome> => {
    if (!authorization || !validIdentity.test(authorization)) return { kind: 'unauthorized' };
    return authorizerOutcome(() => resultFor(authorization, methodArn, requestId), methodArn);
  };
}
