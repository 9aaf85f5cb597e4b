/**
 * The floor of the token authorizer (docs/performance.md "Budgets"): a bare TOKEN authorizer that takes the
 * bearer token from the event and verifies it with the authorizer's own verifier, set up from
 * the environment as the authorizer sets it up (functions/identity/adapters/token-verifier.ts,
 * aws-jwt-verify), then allows. It sends no AWS request, so it has no SDK client; it pays what
 * any authorizer verifying these tokens pays (Node.js, the verifier library, the signature
 * check). The difference is what the authorizer adds: its logger, the `@me` route check and
 * the caller's claims mapped into the context.
 */
import type { APIGatewayAuthorizerResult, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import { bearerToken, tokenVerifier } from '#functions/contracts/floor-parts/authorizer-floor-parts';

const verifier = tokenVerifier(process.env);

export const handler = async (event: APIGatewayTokenAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  const token = bearerToken(event.authorizationToken);
  if (!token) throw new Error('Unauthorized');
  const payload = await verifier.verify(token);
  return {
    principalId: String(payload.sub),
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
    },
  };
};
