import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent, Context } from 'aws-lambda';
import type { AuthorizerContext } from './proxy-event';

export type TokenAuthorizerHandler = (
  event: APIGatewayTokenAuthorizerEvent,
  context: Context,
) => Promise<APIGatewayAuthorizerResult>;

/** What API Gateway makes of a TOKEN authorizer's answer. */
export type AuthorizerOutcome =
  | { readonly kind: 'allow'; readonly context: AuthorizerContext }
  /** No token, or the authorizer threw `Unauthorized`: 401 (UNAUTHORIZED). */
  | { readonly kind: 'unauthorized' }
  /** A policy that does not allow this method ARN: 403 (ACCESS_DENIED, which the stack maps to 404). */
  | { readonly kind: 'denied' }
  /** The authorizer crashed or answered something API Gateway cannot read: 500 (AUTHORIZER_FAILURE). */
  | { readonly kind: 'failed'; readonly error: unknown };

/** `AUTHORIZER_CACHE_TTL` of lib/http-api.ts: answers are cached per token for this long. */
export const AUTHORIZER_CACHE_TTL_MS = 5 * 60 * 1000;

/**
 * `BEARER_TOKEN_PATTERN` of lib/http-api.ts, the authorizer's identity validation expression: a
 * header that does not match is a 401 without a call. (Copied to keep aws-cdk-lib out of the
 * request path; test/unit/local/gateway-parity.test.ts compares both with the synthesized API.)
 */
export const IDENTITY_VALIDATION_EXPRESSION = '^Bearer [-0-9A-Za-z._~+/]+=*$';

type Statement = { Effect?: string; Action?: string | string[]; Resource?: string | string[] };

const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** IAM-style wildcards: `*` any run of characters, `?` any one. */
const wildcard = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replaceAll('*', '.*')
      .replaceAll('?', '.')}$`,
  );

const matches = (statement: Statement, methodArn: string) =>
  list(statement.Action).some((a) => a === '*' || a === 'execute-api:*' || a === 'execute-api:Invoke') &&
  list(statement.Resource).some((r) => wildcard(r).test(methodArn));

/** An explicit Deny wins; otherwise some Allow must match (IAM's evaluation rule). */
export const policyAllows = (result: APIGatewayAuthorizerResult, methodArn: string): boolean => {
  const statements = list(result.policyDocument?.Statement as Statement | Statement[] | undefined);
  if (statements.some((s) => s.Effect === 'Deny' && matches(s, methodArn))) return false;
  return statements.some((s) => s.Effect === 'Allow' && matches(s, methodArn));
};

const isFlatContext = (context: unknown): context is AuthorizerContext =>
  typeof context === 'object' &&
  context !== null &&
  Object.values(context).every((v) => ['string', 'number', 'boolean'].includes(typeof v));

export interface TokenAuthorizerOptions {
  readonly load: () => Promise<TokenAuthorizerHandler>;
  readonly context: (requestId: string) => Context;
  readonly ttlMs?: number;
  readonly now?: () => number;
}

/**
 * Plays API Gateway's TOKEN authorizer (identity source: the Authorization header): no header,
 * or one that fails the validation expression, is a 401 without a call; otherwise the authorizer function runs, its policy is cached per
 * token for the TTL and evaluated against each request's method ARN, and its context reaches
 * the route's function as `requestContext.authorizer`, with `principalId`.
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
    let result: APIGatewayAuthorizerResult;
    try {
      result = await resultFor(authorization, methodArn, requestId);
    } catch (error) {
      if (error instanceof Error && error.message === 'Unauthorized') return { kind: 'unauthorized' };
      return { kind: 'failed', error };
    }
    if (
      typeof result?.principalId !== 'string' ||
      (result.context !== undefined && !isFlatContext(result.context))
    ) {
      return {
        kind: 'failed',
        error: new Error('The authorizer returned no principalId or a context that is not flat'),
      };
    }
    if (!policyAllows(result, methodArn)) return { kind: 'denied' };
    return {
      kind: 'allow',
      context: { ...result.context, principalId: result.principalId, integrationLatency: 0 },
    };
  };
}
