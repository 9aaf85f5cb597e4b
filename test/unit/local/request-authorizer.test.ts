import type { APIGatewayAuthorizerResult, Context } from 'aws-lambda';
import type { Route } from '#functions/routes';
import { buildRequestAuthorizerEvent, type RouteResolution } from '#local/gateway/proxy-event';
import { createRequestAuthorizer, type RequestAuthorizerHandler } from '#local/gateway/request-authorizer';

const route: Route = {
  name: 'get-me',
  method: 'GET',
  path: '/@me',
  handler: 'identity/handlers/get-me',
  access: 'token',
  table: [],
  summary: 'Read the caller',
};
const match = (value: string): RouteResolution => ({
  kind: 'route',
  route,
  resource: '/v1/{me}',
  pathParameters: { me: value },
  pinned: { me: '@me' },
});
const event = (value: string, authorization?: string) =>
  buildRequestAuthorizerEvent(
    {
      method: 'GET',
      path: `/v1/${value}`,
      query: '',
      rawHeaders: authorization ? ['Authorization', authorization] : [],
      sourceIp: '127.0.0.1',
    },
    match(value),
    { requestId: 'r-1' },
  );

const answer = (effect: 'Allow' | 'Deny', resource: string): APIGatewayAuthorizerResult => ({
  principalId: effect === 'Allow' ? '2' : 'anonymous',
  policyDocument: {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }],
  },
  ...(effect === 'Allow' ? { context: { userId: '2', admin: 'false' } } : {}),
});

/** The real authorizer's rule, in short: deny another value, then demand a token. */
const standIn: RequestAuthorizerHandler = async (e) => {
  if (e.pathParameters?.me !== '@me') return answer('Deny', e.methodArn);
  if (e.headers?.Authorization !== 'Bearer good') throw new Error('Unauthorized');
  return answer('Allow', `${e.methodArn.split('/').slice(0, 2).join('/')}/*/*`);
};

describe('the sandbox REQUEST authorizer', () => {
  const contexts: string[] = [];
  const context = (requestId: string) => {
    contexts.push(requestId);
    return { functionName: 'authorizer', awsRequestId: requestId } as Context;
  };

  it('hands the function the REQUEST event and a context with the request id', async () => {
    const handler = jest.fn(standIn);
    const authorize = createRequestAuthorizer({ load: async () => handler, context });
    contexts.length = 0;
    await authorize(event('@me', 'Bearer good'));
    expect(handler).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'REQUEST',
        methodArn: 'arn:aws:execute-api:us-east-1:000000000000:sandbox/sandbox/GET/v1/@me',
        resource: '/v1/{me}',
        pathParameters: { me: '@me' },
      }),
      expect.objectContaining({ awsRequestId: 'r-1' }),
    );
    expect(contexts).toEqual(['r-1']);
  });

  it('is called even without an Authorization header, and caches nothing', async () => {
    const handler = jest.fn(standIn);
    const authorize = createRequestAuthorizer({ load: async () => handler, context });
    expect(await authorize(event('@me'))).toEqual({ kind: 'unauthorized' });
    expect(await authorize(event('@me', 'Bearer good'))).toMatchObject({ kind: 'allow' });
    expect(await authorize(event('@me', 'Bearer good'))).toMatchObject({ kind: 'allow' });
    expect(handler).toHaveBeenCalledTimes(3);
  });

  it('reads an Allow as the context for the function, with principalId', async () => {
    const authorize = createRequestAuthorizer({ load: async () => standIn, context });
    expect(await authorize(event('@me', 'Bearer good'))).toEqual({
      kind: 'allow',
      context: { userId: '2', admin: 'false', principalId: '2', integrationLatency: 0 },
    });
  });

  it('reads a Deny for the method ARN as denied (the 404), whether a token came or not', async () => {
    const authorize = createRequestAuthorizer({ load: async () => standIn, context });
    expect(await authorize(event('nope'))).toEqual({ kind: 'denied' });
    expect(await authorize(event('nope', 'Bearer good'))).toEqual({ kind: 'denied' });
  });

  it('reads a thrown `Unauthorized` as 401 and any other failure, or a module that does not load, as 500', async () => {
    const throwing = (message: string) =>
      createRequestAuthorizer({
        load: async () => async () => {
          throw new Error(message);
        },
        context,
      });
    expect(await throwing('Unauthorized')(event('@me', 'Bearer x'))).toEqual({ kind: 'unauthorized' });
    expect(await throwing('JWKS fetch failed')(event('@me', 'Bearer x'))).toMatchObject({ kind: 'failed' });
    const missing = createRequestAuthorizer({
      load: () => Promise.reject(new Error('Cannot find module')),
      context,
    });
    expect(await missing(event('@me'))).toMatchObject({ kind: 'failed' });
  });

  it('refuses an answer API Gateway could not pass on (no principalId)', async () => {
    const authorize = createRequestAuthorizer({
      load: async () => async (e) => ({ ...answer('Allow', e.methodArn), principalId: undefined as never }),
      context,
    });
    expect(await authorize(event('@me'))).toMatchObject({ kind: 'failed' });
  });
});
