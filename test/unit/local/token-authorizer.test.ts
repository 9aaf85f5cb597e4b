import type { APIGatewayAuthorizerResult, Context } from 'aws-lambda';
import { policyAllows } from '#local/gateway/authorizer-answer';
import { createTokenAuthorizer, type TokenAuthorizerHandler } from '#local/gateway/token-authorizer';

const ARN = 'arn:aws:execute-api:us-east-1:000000000000:sandbox/sandbox/GET/v1/orders/7';

const policy = (
  statements: { Effect: string; Resource: string | string[]; Action?: string }[],
): APIGatewayAuthorizerResult => ({
  principalId: '2',
  policyDocument: {
    Version: '2012-10-17',
    Statement: statements.map((s) => ({ Action: 'execute-api:Invoke', ...s })),
  } as APIGatewayAuthorizerResult['policyDocument'],
});

describe('the policy of a TOKEN authorizer', () => {
  it('allows what an Allow statement matches, wildcards included', () => {
    expect(policyAllows(policy([{ Effect: 'Allow', Resource: ARN }]), ARN)).toBe(true);
    expect(
      policyAllows(
        policy([{ Effect: 'Allow', Resource: 'arn:aws:execute-api:us-east-1:000000000000:sandbox/*/*' }]),
        ARN,
      ),
    ).toBe(true);
    expect(policyAllows(policy([{ Effect: 'Allow', Resource: ARN.replace('GET', 'POST') }]), ARN)).toBe(
      false,
    );
    expect(policyAllows(policy([]), ARN)).toBe(false);
  });

  it('lets an explicit Deny win', () => {
    expect(
      policyAllows(
        policy([
          { Effect: 'Allow', Resource: '*' },
          { Effect: 'Deny', Resource: `${ARN.slice(0, -1)}*` },
        ]),
        ARN,
      ),
    ).toBe(false);
  });
});

describe('the sandbox TOKEN authorizer', () => {
  const context = () => ({ functionName: 'authorizer' }) as Context;

  it('answers 401 without calling the function when there is no Authorization header', async () => {
    const load = jest.fn();
    const authorize = createTokenAuthorizer({ load, context });
    expect(await authorize(undefined, ARN, 'r')).toEqual({ kind: 'unauthorized' });
    expect(load).not.toHaveBeenCalled();
  });

  it('caches the answer per token for the TTL, and evaluates it per method ARN', async () => {
    let time = 0;
    const handler = jest.fn<ReturnType<TokenAuthorizerHandler>, Parameters<TokenAuthorizerHandler>>(
      async () => ({
        ...policy([{ Effect: 'Allow', Resource: `${ARN.split('/').slice(0, 2).join('/')}/GET/*` }]),
        context: { userId: '2', admin: 'false' },
      }),
    );
    const authorize = createTokenAuthorizer({
      load: async () => handler,
      context,
      ttlMs: 1000,
      now: () => time,
    });
    expect(await authorize('Bearer t', ARN, 'r1')).toEqual({
      kind: 'allow',
      context: { userId: '2', admin: 'false', principalId: '2', integrationLatency: 0 },
    });
    expect(await authorize('Bearer t', ARN.replace('GET', 'PUT'), 'r2')).toEqual({ kind: 'denied' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]![0]).toEqual({
      type: 'TOKEN',
      authorizationToken: 'Bearer t',
      methodArn: ARN,
    });
    time = 1001;
    await authorize('Bearer t', ARN, 'r3');
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it("maps the function's `Unauthorized` to 401 and any other failure to 500", async () => {
    const throwing = (message: string) =>
      createTokenAuthorizer({
        load: async () => async () => {
          throw new Error(message);
        },
        context,
      });
    expect(await throwing('Unauthorized')('Bearer x', ARN, 'r')).toEqual({ kind: 'unauthorized' });
    expect(await throwing('JWKS fetch failed')('Bearer x', ARN, 'r')).toMatchObject({ kind: 'failed' });
  });

  it('refuses an answer API Gateway could not pass on (nested context)', async () => {
    const authorize = createTokenAuthorizer({
      load: async () => async () => ({
        ...policy([{ Effect: 'Allow', Resource: '*' }]),
        context: { nested: {} } as never,
      }),
      context,
    });
    expect(await authorize('Bearer x', ARN, 'r')).toMatchObject({ kind: 'failed' });
  });
});
