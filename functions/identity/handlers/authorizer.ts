import type {
  APIGatewayAuthorizerResult,
  APIGatewayRequestAuthorizerEvent,
  APIGatewayTokenAuthorizerEvent,
} from 'aws-lambda';
import { logger } from '#commons/logger';
import type { AuthorizerContext } from '#functions/contracts/auth-settings';
import { pinnedSegmentsHold } from '#functions/contracts/gateway-paths';
import { claimSettings, tokenVerifier } from '../adapters/token-verifier';
import { bearerToken, callerFromClaims } from '../domain/token-claims';

const verifier = tokenVerifier(process.env);
const claims = claimSettings(process.env);

/**
 * The resource of the Allow policy: every method and path of this API stage. API Gateway caches
 * the answer per token and reuses it for every route, so a policy naming only the first route
 * would deny the others. What a caller may do with a resource is each function's rule (docs/decisions/tokens-and-rights.md D3).
 */
const wholeApi = (methodArn: string) => `${methodArn.split('/').slice(0, 2).join('/')}/*/*`;

/** Throwing exactly `Unauthorized` is how a TOKEN authorizer makes API Gateway answer 401. */
const unauthorized = (reason: string) => {
  logger.info('token refused', { reason });
  return new Error('Unauthorized');
};

const denied = (methodArn: string): APIGatewayAuthorizerResult => ({
  principalId: 'anonymous',
  policyDocument: {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: 'Deny', Resource: methodArn }],
  },
});

const headerValue = (headers: Readonly<Record<string, string | undefined>> | null, name: string) =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

/**
 * Verifies the bearer token and hands the caller to the functions. Two kinds of event:
 * TOKEN, for most token routes (cached per token); REQUEST, uncached, for the resources where
 * a path variable stands for the literal `@me` (API Gateway cannot name `@`). There it first
 * checks the literal: `/v1/anything` must be the 404 of an unknown path (a Deny, which the
 * gateway answers as 404), not a 401 asking for a token.
 */
export const handler = async (
  event: APIGatewayTokenAuthorizerEvent | APIGatewayRequestAuthorizerEvent,
): Promise<APIGatewayAuthorizerResult> => {
  let authorization = event.type === 'TOKEN' ? event.authorizationToken : undefined;
  if (event.type === 'REQUEST') {
    if (!pinnedSegmentsHold(event.resource, event.httpMethod, event.pathParameters ?? {})) {
      return denied(event.methodArn);
    }
    authorization = headerValue(event.headers, 'authorization');
  }
  const token = bearerToken(authorization);
  if (!token) throw unauthorized('no bearer token');
  let payload: Awaited<ReturnType<typeof verifier.verify>>;
  try {
    payload = await verifier.verify(token);
  } catch (error) {
    throw unauthorized(error instanceof Error ? error.name : 'verification failed');
  }
  const caller = callerFromClaims(payload, claims);
  if (!caller) throw unauthorized('no integer user id in the token');
  const context: AuthorizerContext = {
    userId: String(caller.userId),
    admin: caller.admin ? 'true' : 'false',
    expiresAt: String(payload.exp),
  };
  return {
    principalId: context.userId,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: wholeApi(event.methodArn) }],
    },
    context: { ...context },
  };
};
