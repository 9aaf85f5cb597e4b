import type { APIGatewayRequestAuthorizerEvent, APIGatewayTokenAuthorizerEvent } from 'aws-lambda';
import type { ProxyHandler } from '#local/gateway/gateway-listener';
import { type HttpFront, startHttpFront } from '#local/http-front';
import { testRoute as route } from './test-route';

export const routes = [
  route('echo', 'POST', '/echo'),
  route('echo-get', 'GET', '/echo/{id}'),
  route('head', 'HEAD', '/echo/{id}'),
  route('head-sized', 'HEAD', '/sized'),
  route('head-bare', 'HEAD', '/bare'),
  route('throws', 'GET', '/throws'),
  route('malformed', 'GET', '/malformed'),
  route('binary', 'GET', '/binary'),
  route('pdf', 'GET', '/pdf'),
  route('found', 'GET', '/found'),
  route('see-other', 'GET', '/see-other'),
  route('slow', 'GET', '/slow'),
  route('missing', 'GET', '/missing'),
  route('mine', 'GET', '/orders/{order_id}', 'token'),
  // `@me` is the pinned variable {me} on the gateway: the REQUEST authorizer guards it.
  route('my-profile', 'GET', '/profile/@me', 'token'),
];

/** Every event the stand-in authorizer received. */
export const authorizerEvents: (APIGatewayTokenAuthorizerEvent | APIGatewayRequestAuthorizerEvent)[] = [];

const policy = (principalId: string, effect: 'Allow' | 'Deny', resource: string) => ({
  principalId,
  policyDocument: {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: resource }],
  },
});

/**
 * A stand-in authorizer: the token says what it answers. Like the real one, a REQUEST event
 * whose pinned variable does not hold `@me` is denied before any token is read.
 */
const authorizer: ProxyHandler = async (raw) => {
  const event = raw as unknown as APIGatewayTokenAuthorizerEvent | APIGatewayRequestAuthorizerEvent;
  authorizerEvents.push(event);
  let token: string | undefined;
  if (event.type === 'REQUEST') {
    if (event.pathParameters?.me !== '@me') return policy('anonymous', 'Deny', event.methodArn);
    token = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  } else {
    token = event.authorizationToken;
  }
  if (token === 'Bearer boom') throw new Error('JWKS unreachable');
  if (token !== 'Bearer allow' && token !== 'Bearer deny') throw new Error('Unauthorized');
  return {
    ...policy('2', token === 'Bearer allow' ? 'Allow' : 'Deny', event.methodArn),
    context: { userId: '2', admin: 'false' },
  };
};

export interface Echo {
  // biome-ignore lint/suspicious/noExplicitAny: the event as JSON, checked with toMatchObject.
  event: any;
  functionName: string;
  remaining: number;
}

const echo: ProxyHandler = async (event, context) => ({
  statusCode: 200,
  headers: { 'Content-Type': 'application/json' },
  multiValueHeaders: { 'Set-Cookie': ['a=1', 'b=2'] },
  body: JSON.stringify({
    event,
    functionName: context.functionName,
    remaining: context.getRemainingTimeInMillis(),
  }),
});

/** Two megabytes that are not UTF-8 text. */
export const PDF = Buffer.from(Array.from({ length: 2 * 1024 * 1024 }, (_, i) => (i * 31) % 256));

export const handlers: Record<string, ProxyHandler> = {
  echo,
  'echo-get': echo,
  head: async () => ({ statusCode: 200, headers: { 'X-Exists': 'yes' }, body: 'ignored' }),
  // What httpRoute answers to HEAD: no body, the length of its GET's (docs/decisions/api-contract.md D87).
  'head-sized': async () => ({ statusCode: 200, headers: { 'Content-Length': '143' }, body: '' }),
  'head-bare': async () => ({ statusCode: 200, headers: {}, body: '' }),
  throws: async () => {
    throw new Error('database password is hunter2');
  },
  malformed: async () => ({ status: 200 }),
  binary: async () => ({
    statusCode: 200,
    headers: { 'Content-Type': 'application/pdf' },
    body: Buffer.from('%PDF-1.7 \u0000\u00ff').toString('base64'),
    isBase64Encoded: true,
  }),
  // What httpRoute answers for a file (the report PDF): base64, with its type and file name.
  pdf: async () => ({
    statusCode: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="orders-report.pdf"',
    },
    body: PDF.toString('base64'),
    isBase64Encoded: true,
  }),
  found: async () => ({
    statusCode: 302,
    headers: {
      Location: 'http://127.0.0.1:9/bucket/report.pdf?X-Amz-Signature=abc',
      'Cache-Control': 'no-store',
    },
    body: '',
  }),
  'see-other': async () => ({
    statusCode: 303,
    headers: { 'Content-Type': 'application/json', Location: 'http://127.0.0.1:3000/v1/orders/reports/1' },
    body: '{"id":"1","status":"COMPLETED"}',
  }),
  slow: () => new Promise(() => {}),
  mine: echo,
  'my-profile': echo,
  authorizer,
};

/** A front over the stand-in functions, with what it logged; `call` fetches a path under /v1. */
export interface TestFront {
  front: HttpFront;
  lines: string[];
  errors: unknown[];
  call: (path: string, init?: RequestInit) => Promise<Response>;
}

/** Starts a front on a free port before the file's tests and closes it after them. */
export function useTestFront(): TestFront {
  const state = { lines: [] as string[], errors: [] as unknown[] } as TestFront;
  state.call = (path, init) => fetch(`${state.front.url}${path}`, init);
  beforeAll(async () => {
    state.front = await startHttpFront({
      routes,
      loadHandler: async (r) => {
        const handler = handlers[r.name];
        if (!handler) throw new Error(`Cannot find module ${r.handler}`);
        return handler;
      },
      log: (line) => state.lines.push(line),
      logError: (_message, error) => state.errors.push(error),
      functionTimeoutMs: 200,
    });
  });
  afterAll(() => state.front.close());
  return state;
}
