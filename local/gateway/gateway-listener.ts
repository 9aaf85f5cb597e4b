import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { authorizerFunction, type FunctionSpec } from '#functions/function-registry';
import { type Route, routes as routeTable } from '#functions/routes';
import type { StaticFile } from '../api-reference';
import { handlerCache } from '../lambda/handler-cache';
import { type HandlerLoader, importHandler, type LambdaHandler } from '../lambda/import-handler';
import { FUNCTION_TIMEOUT_MS, lambdaContext } from '../lambda/lambda-context';
import { withTimeout } from '../lambda/timeout';
import type { AuthorizerOutcome } from './authorizer-answer';
import { gatewayAnswers } from './gateway-errors';
import { type Answer, gatewayAnswer, proxyAnswer } from './proxy-answer';
import {
  type AuthorizerContext,
  buildProxyEvent,
  buildRequestAuthorizerEvent,
  type EventOptions,
  type GatewayRequest,
  methodArn,
  type RouteResolution,
} from './proxy-event';
import { createRequestAuthorizer, type RequestAuthorizerHandler } from './request-authorizer';
import { createRouter } from './router';
import { createTokenAuthorizer, type TokenAuthorizerHandler } from './token-authorizer';

export type ProxyHandler = LambdaHandler<APIGatewayProxyEvent>;

/**
 * Which of the stack's authorizers guards a route (lib/api/): none on a public route; on
 * a token route the uncached REQUEST authorizer where a path variable is pinned to `@me`, which
 * runs without a token and denies any other value (404, not 401); else the cached TOKEN one.
 */
export const authorizerTypeOf = (match: RouteResolution): 'NONE' | 'TOKEN' | 'REQUEST' => {
  if (match.route.access !== 'token') return 'NONE';
  return Object.keys(match.pinned).length > 0 ? 'REQUEST' : 'TOKEN';
};

/** API Gateway's payload limit is 10 MB; this API takes small JSON bodies, so 1 MiB is plenty. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface GatewayOptions {
  readonly routes?: readonly Route[];
  /**
   * The function behind both authorizers of `token` routes (TOKEN, and REQUEST where a path
   * variable is pinned to `@me`); defaults to the route table's.
   */
  readonly authorizer?: FunctionSpec;
  readonly loadHandler?: HandlerLoader<ProxyHandler>;
  /** One line a request. */
  readonly log?: (line: string) => void;
  /** Errors of functions: the details the client never sees. */
  readonly logError?: (message: string, error: unknown) => void;
  readonly functionTimeoutMs?: number;
  readonly maxBodyBytes?: number;
  /**
   * JSON documents served at fixed paths outside `/v1` (the sandbox issuer's JWKS); a function is
   * asked for its document on each request (the sandbox's stats).
   */
  readonly documents?: Readonly<Record<string, unknown>>;
  /** Files served as they are at fixed paths outside `/v1` (the API reference). */
  readonly files?: Readonly<Record<string, StaticFile>>;
  /**
   * Called for each request of a route, as it comes: the sandbox's readers, which pace a
   * publish's bulk writes as table reads do (docs/decisions/sandbox-and-tools.md D81).
   */
  readonly onRouteRequest?: () => void;
}

/** The last value of a header, whatever the case the client wrote its name in. */
const headerValue = (rawHeaders: readonly string[], name: string): string | undefined => {
  let value: string | undefined;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === name) value = rawHeaders[i + 1];
  }
  return value;
};

const readBody = (req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> =>
  new Promise((resolve, reject) => {
    // Too large by its Content-Length: the body is read and dropped before the 413, so a client
    // still sending gets the answer rather than a reset connection.
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.on('end', () => resolve('too-large'));
      req.on('error', reject);
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * Plays API Gateway in front of the functions: route table → (authorizer) → proxy event →
 * handler → HTTP answer, with the gateway's own answers (401, 404, 405 + Allow, 413, 500) in
 * the docs/decisions/http-requests.md D1 shape.
 */
export function createGatewayListener(options: GatewayOptions = {}): RequestListener {
  const router = createRouter(options.routes ?? routeTable);
  const log = options.log ?? ((line) => console.log(line));
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const timeoutMs = options.functionTimeoutMs ?? FUNCTION_TIMEOUT_MS;
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const handlerFor = handlerCache<ProxyHandler>(options.loadHandler ?? importHandler);

  const authorizerSpec = options.authorizer ?? authorizerFunction;
  const authorizerContext = (requestId: string) =>
    lambdaContext(authorizerSpec, requestId, Date.now() + timeoutMs);
  const tokenAuthorizer = createTokenAuthorizer({
    load: () => handlerFor(authorizerSpec) as unknown as Promise<TokenAuthorizerHandler>,
    context: authorizerContext,
  });
  const requestAuthorizer = createRequestAuthorizer({
    load: () => handlerFor(authorizerSpec) as unknown as Promise<RequestAuthorizerHandler>,
    context: authorizerContext,
  });

  /** Runs the route's authorizer: its context, or the gateway's answer when it refuses. */
  const authorizeRequest = async (
    request: GatewayRequest,
    match: RouteResolution,
    eventOptions: EventOptions,
  ): Promise<{ context: AuthorizerContext } | { answer: Answer }> => {
    const requestId = eventOptions.requestId!;
    const outcome: AuthorizerOutcome =
      authorizerTypeOf(match) === 'REQUEST'
        ? await requestAuthorizer(buildRequestAuthorizerEvent(request, match, eventOptions))
        : await tokenAuthorizer(
            headerValue(request.rawHeaders, 'authorization'),
            methodArn(request),
            requestId,
          );
    switch (outcome.kind) {
      case 'allow':
        return { context: outcome.context };
      case 'unauthorized':
        return { answer: gatewayAnswer(gatewayAnswers.unauthorized) };
      case 'denied':
        return { answer: gatewayAnswer(gatewayAnswers.notFound) };
      case 'failed':
        logError(`The authorizer failed (request ${requestId}):`, outcome.error);
        return { answer: gatewayAnswer(gatewayAnswers.internalError) };
    }
  };

  const invoke = async (request: GatewayRequest, match: RouteResolution, port: number | undefined) => {
    const requestId = randomUUID();
    // The authorizer's event and the function's share the request id and time, as in AWS.
    const eventOptions: EventOptions = { requestId, now: Date.now(), ...(port ? { port } : {}) };
    let authorizer: AuthorizerContext | undefined;
    if (authorizerTypeOf(match) !== 'NONE') {
      const authorized = await authorizeRequest(request, match, eventOptions);
      if ('answer' in authorized) return { requestId, answer: authorized.answer };
      authorizer = authorized.context;
    }
    const event = buildProxyEvent(request, match, { ...eventOptions, ...(authorizer ? { authorizer } : {}) });
    const context = lambdaContext(match.route, requestId, Date.now() + timeoutMs);
    try {
      const handler = await handlerFor(match.route);
      return { requestId, answer: proxyAnswer(await withTimeout(handler(event, context), timeoutMs)) };
    } catch (error) {
      logError(`${match.route.name} failed (request ${requestId}):`, error);
      return { requestId, answer: gatewayAnswer(gatewayAnswers.internalError) };
    }
  };

  const answerFor = async (req: IncomingMessage): Promise<{ answer: Answer; requestId?: string }> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = req.method ?? 'GET';
    const document = options.documents?.[url.pathname];
    if (document !== undefined && (method === 'GET' || method === 'HEAD')) {
      return {
        answer: {
          statusCode: 200,
          headers: [['Content-Type', 'application/json']],
          body: Buffer.from(JSON.stringify(typeof document === 'function' ? await document() : document)),
        },
      };
    }
    const file = options.files?.[url.pathname];
    if (file !== undefined && (method === 'GET' || method === 'HEAD')) {
      return { answer: { statusCode: 200, headers: [['Content-Type', file.contentType]], body: file.body } };
    }
    const resolution = router.resolve(method, url.pathname);
    if (resolution.kind === 'not-found') return { answer: gatewayAnswer(gatewayAnswers.notFound) };
    if (resolution.kind === 'method-not-allowed') {
      return {
        answer: gatewayAnswer(gatewayAnswers.methodNotAllowed, [['Allow', resolution.allow.join(', ')]]),
      };
    }
    options.onRouteRequest?.();
    const body = await readBody(req, maxBody);
    if (body === 'too-large') {
      return { answer: gatewayAnswer(gatewayAnswers.payloadTooLarge) };
    }
    const request: GatewayRequest = {
      method,
      path: url.pathname,
      query: url.search.slice(1),
      rawHeaders: req.rawHeaders,
      body,
      sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
    };
    return invoke(request, resolution, req.socket.localPort);
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const finish = ({ answer, requestId }: { answer: Answer; requestId?: string }) => {
      res.statusCode = answer.statusCode;
      for (const [name, value] of answer.headers) res.setHeader(name, value);
      if (requestId) res.setHeader('x-amzn-RequestId', requestId);
      // HEAD answers carry the headers a GET would, never a body: the length is the function's own
      // (its GET's, docs/decisions/api-contract.md D87), else the body's the answer has, else none.
      const head = req.method === 'HEAD';
      if (!head || (!res.hasHeader('Content-Length') && answer.body.length > 0)) {
        res.setHeader('Content-Length', answer.body.length);
      }
      res.end(head ? undefined : answer.body);
      log(`${req.method} ${req.url} ${answer.statusCode} ${Math.round(performance.now() - started)} ms`);
    };
    answerFor(req)
      .then((result) => {
        try {
          finish(result);
        } catch (error) {
          // A header value the function returned that HTTP cannot carry, for instance.
          logError(`Invalid response for ${req.method} ${req.url}:`, error);
          if (!res.headersSent) finish({ answer: gatewayAnswer(gatewayAnswers.internalError) });
        }
      })
      .catch((error: unknown) => {
        logError(`Request ${req.method} ${req.url} failed:`, error);
        if (!res.headersSent) finish({ answer: gatewayAnswer(gatewayAnswers.internalError) });
        else res.destroy();
      });
  };
}
