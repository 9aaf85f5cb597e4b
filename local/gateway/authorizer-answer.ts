import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import type { AuthorizerContext } from './proxy-event';

/** What API Gateway makes of a Lambda authorizer's answer, TOKEN or REQUEST alike. */
export type AuthorizerOutcome =
  | { readonly kind: 'allow'; readonly context: AuthorizerContext }
  /** No token, or the authorizer threw `Unauthorized`: 401 (UNAUTHORIZED). */
  | { readonly kind: 'unauthorized' }
  /** A policy that does not allow this method ARN: 403 (ACCESS_DENIED, which the stack maps to 404). */
  | { readonly kind: 'denied' }
  /** The authorizer crashed or answered something API Gateway cannot read: 500 (AUTHORIZER_FAILURE). */
  | { readonly kind: 'failed'; readonly error: unknown };

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

/**
 * Reads an authorizer's answer for one method ARN: a thrown `Unauthorized` is a 401, any other
 * throw or an answer API Gateway could not pass on is a failure (500), a policy that does not
 * allow the ARN a Deny, and an Allow hands the context on with `principalId`.
 */
export async function authorizerOutcome(
  answer: () => Promise<APIGatewayAuthorizerResult>,
  methodArn: string,
): Promise<AuthorizerOutcome> {
  let result: APIGatewayAuthorizerResult;
  try {
    result = await answer();
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
}
