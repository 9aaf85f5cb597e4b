import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { authorizerFunction, type FunctionSpec, type Route, routes as routeTable } from '../functions/routes';
import { functionEntry } from '../lib/project-paths';
import type { StaticFile } from './api-reference';
import type { AuthorizerOutcome } from './gateway/authorizer-answer';
import { type GatewayAnswer, gatewayAnswers, gatewayErrorBody } from './gateway/gateway-errors';
import { FUNCTION_TIMEOUT_MS, lambdaContext } from './gateway/lambda-context';
import {
  type AuthorizerContext,
  buildProxyEvent,
  buildRequestAuthorizerEvent,
  type EventOptions,
  type GatewayRequest,
  methodArn,
  type RouteResolution,
} from './gateway/proxy-event';
import { createRequestAuthorizer, type RequestAuthorizerHandler } from './gateway/request-authorizer';
import { createRouter } from './gateway/router';
import { createTokenAuthorizer, type TokenAuthorizerHandler } from './gateway/token-authorizer';
import { listenOnLoopback } from './listen';

export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>;
export type HandlerLoader = (fn: FunctionSpec) => Promise<ProxyHandler>;

/** Loads a function's module through the running tsx, as the stack bundles the same entry file. */
export const importHandler: HandlerLoader = async (route) => {
  const module = (await import(pathToFileURL(functionEntry(route.handler)).href)) as { handler?: unknown };
  if (typeof module.handler !== 'function') throw new Error(`${route.handler} does not export a handler`);
  return module.handler as ProxyHandler;
};

/**
 * Which of the stack's authorizers guards a route (lib/http-api.ts): none on a public route; on
 * a token route the uncached REQUEST authorizer where a path variable is pinned to `@me`, which
 * runs without a token and denies any other value (404, not 401); else the cached TOKEN one.
 */
export const authorizerTypeOf = (match: RouteResolution): 'NONE' | 'TOKEN' | 'REQUEST' => {
  if (match.route.access !== 'token') return 'NONE';
  return Object.keys(match.pinned).length > 0 ? 'REQUEST' : 'TOKEN';
};

/** API Gateway's payload limit is 10 MB; this API takes small JSON bodies, so 1 MiB is plenty. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface HttpFrontOptions {
  readonly routes?: readonly Route[];
  /**
   * The function behind both authorizers of `token` routes (TOKEN, and REQUEST where a path
   * variable is pinned to `@me`); defaults to the route table's.
   */
  readonly authorizer?: FunctionSpec;
  readonly loadHandler?: HandlerLoader;
  /** One line a request. */
  readonly log?: (line: string) => void;
  /** Errors of functions: the details the client never sees. */
  readonly logError?: (message: string, error: unknown) => void;
  readonly functionTimeoutMs?: number;
  readonly maxBodyBytes?: number;
  /** JSON documents served at fixed paths outside `/v1` (the sandbox issuer's JWKS). */
  readonly documents?: Readonly<Record<string, unknown>>;
  /** Files served as they are at fixed paths outside `/v1` (the API reference). */
  readonly files?: Readonly<Record<string, StaticFile>>;
}

interface Answer {
  readonly statusCode: number;
  readonly headers: [string, string | string[]][];
  readonly body: Buffer;
}

const gatewayAnswer = (answer: GatewayAnswer, extraHeaders: [string, string][] = []): Answer => ({
  statusCode: answer.statusCode,
  headers: [['Content-Type', 'application/json'], ...Object.entries(answer.headers ?? {}), ...extraHeaders],
  body: Buffer.from(gatewayErrorBody(answer)),
});

class InvalidProxyResult extends Error {}

/** Reads a proxy result the way API Gateway does; anything malformed is the function's error. */
const proxyAnswer = (result: unknown): Answer => {
  if (typeof result !== 'object' || result === null)
    throw new InvalidProxyResult('The function returned no object');
  const r = result as Record<string, unknown>;
  const status = r.statusCode;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
    throw new InvalidProxyResult(`Invalid statusCode ${String(status)}`);
  }
  const headers = new Map<string, { name: string; values: string[] }>();
  const add = (name: string, values: unknown[]) => {
    const entry = headers.get(name.toLowerCase()) ?? { name, values: [] };
    entry.values.push(...values.map(String));
    headers.set(name.toLowerCase(), entry);
  };
  for (const [name, value] of Object.entries((r.headers as Record<string, unknown>) ?? {}))
    add(name, [value]);
  for (const [name, values] of Object.entries((r.multiValueHeaders as Record<string, unknown[]>) ?? {})) {
    if (!Array.isArray(values)) throw new InvalidProxyResult(`multiValueHeaders.${name} is not an array`);
    add(name, values);
  }
  if (!headers.has('content-type')) add('Content-Type', ['application/json']);
  const body = r.body === undefined || r.body === null ? '' : String(r.body);
  return {
    statusCode: status,
    headers: [...headers.values()].map(({ name, values }) => [
      name,
      values.length === 1 ? values[0]! : values,
    ]),
    body: Buffer.from(body, r.isBase64Encoded === true ? 'base64' : 'utf8'),
  };
};

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

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Task timed out after ${(ms / 1000).toFixed(2)} seconds`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

/**
 * Plays API Gateway in front of the functions: route table → (authorizer) → proxy event →
 * handler → HTTP answer, with the gateway's own answers (401, 404, 405 + Allow, 413, 500) in
 * the docs/design.md D1 shape.
 */
export function createGatewayListener(options: HttpFrontOptions = {}): RequestListener {
  const router = createRouter(options.routes ?? routeTable);
  const loadHandler = options.loadHandler ?? importHandler;
  const log = options.log ?? ((line) => console.log(line));
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const timeoutMs = options.functionTimeoutMs ?? FUNCTION_TIMEOUT_MS;
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  // One module load per route, shared by concurrent first requests; forgotten on failure so a
  // handler file fixed while the sandbox runs is picked up by the next request.
  const handlers = new Map<string, Promise<ProxyHandler>>();
  const handlerFor = (route: FunctionSpec) => {
    let handler = handlers.get(route.name);
    if (!handler) {
      handler = loadHandler(route);
      handlers.set(route.name, handler);
      handler.catch(() => handlers.delete(route.name));
    }
    return handler;
  };

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
          body: Buffer.from(JSON.stringify(document)),
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
      res.setHeader('Content-Length', answer.body.length);
      // HEAD answers carry the headers a GET would, never a body.
      res.end(req.method === 'HEAD' ? undefined : answer.body);
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

/** What the front reads of a request line and its headers, together. */
export const MAX_HEADER_BYTES = 24 * 1024;

/** A request Node cannot parse (headers too large, malformed HTTP) still gets a docs/design.md D1 answer. */
const answerUnreadable = (error: NodeJS.ErrnoException, socket: Duplex) => {
  if (!socket.writable) return;
  const gateway =
    error.code === 'HPE_HEADER_OVERFLOW' ? gatewayAnswers.headersTooLarge : gatewayAnswers.badRequest;
  const body = gatewayErrorBody(gateway);
  socket.end(
    `HTTP/1.1 ${gateway.statusCode} ${STATUS_CODES[gateway.statusCode]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

export interface HttpFront {
  /** `http://127.0.0.1:<port>/v1` */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startHttpFront(options: HttpFrontOptions & { port?: number } = {}): Promise<HttpFront> {
  // API Gateway takes URLs up to 10,240 characters and 10,240 bytes of headers; Node's default
  // of 16 KiB for both together is lower.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, createGatewayListener(options));
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerUnreadable(error, socket));
  const port = await listenOnLoopback(server, options.port ?? 0);
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections would hold close() open until clients hang up.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
