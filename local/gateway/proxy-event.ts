import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type {
  APIGatewayEventRequestContextWithAuthorizer,
  APIGatewayProxyEvent,
  APIGatewayRequestAuthorizerEvent,
} from 'aws-lambda';
import { SANDBOX_ACCOUNT, SANDBOX_REGION, SANDBOX_STAGE } from '../sandbox-identity';
import type { Resolution } from './router';

/** What the sandbox knows of an HTTP request, before any API Gateway interpretation. */
export interface GatewayRequest {
  readonly method: string;
  /** The path as sent, still percent-encoded: `/v1/products/1`. */
  readonly path: string;
  /** The query string as sent, without `?`. */
  readonly query: string;
  /** Name/value pairs in the order and case the client sent them (node's `rawHeaders`). */
  readonly rawHeaders: readonly string[];
  readonly body?: Buffer;
  readonly sourceIp: string;
}

export type RouteResolution = Extract<Resolution, { kind: 'route' }>;

/** The id of the sandbox's API: in method ARNs and the request context. */
const SANDBOX_API_ID = 'sandbox';

/** Text bodies reach the function as strings; anything else base64-encoded, flagged. */
const isTextContent = (contentType: string | undefined): boolean => {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    /^application\/(json|xml|javascript|x-www-form-urlencoded|graphql)$/.test(type) ||
    /\+(json|xml)$/.test(type)
  );
};

/** `headers` holds the last value of each name, `multiValueHeaders` all of them (API Gateway's rule). */
const headerMaps = (rawHeaders: readonly string[]) => {
  const names = new Map<string, string>(); // lower case → first spelling seen
  // No prototype: a header or parameter named `constructor` or `__proto__` is just a name.
  const multi: Record<string, string[]> = Object.create(null);
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    const key = names.get(name.toLowerCase()) ?? name;
    names.set(name.toLowerCase(), key);
    multi[key] = [...(multi[key] ?? []), rawHeaders[i + 1]!];
  }
  const single = Object.fromEntries(Object.entries(multi).map(([k, v]) => [k, v[v.length - 1]!]));
  return { single, multi, has: (name: string) => names.has(name.toLowerCase()) };
};

/** Query values are URL-decoded; a repeated name keeps its last value in the single-value map. */
const queryMaps = (query: string) => {
  const multi: Record<string, string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(query)) multi[name] = [...(multi[name] ?? []), value];
  const names = Object.keys(multi);
  if (names.length === 0) return { single: null, multi: null };
  return { single: Object.fromEntries(names.map((n) => [n, multi[n]!.at(-1)!])), multi };
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** API Gateway's `requestTime` format: `22/Nov/2025:11:12:13 +0000`. */
const requestTime = (epochMs: number) => {
  const d = new Date(epochMs);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
};

export interface EventOptions {
  /** Defaults to a new UUID; fixed when generating sample events. */
  readonly requestId?: string;
  /** Epoch milliseconds; defaults to now. */
  readonly now?: number;
  /** The port the client reached: the sandbox's domain name (`127.0.0.1:<port>`) and `X-Forwarded-Port`. */
  readonly port?: number;
  /** What the route's authorizer allowed the request with: its context and `principalId`. */
  readonly authorizer?: AuthorizerContext;
}

/** API Gateway hands an authorizer's context on as flat string, number and boolean values. */
export type AuthorizerContext = Readonly<Record<string, string | number | boolean>>;

/**
 * The method ARN API Gateway names the request by in an authorizer event:
 * `arn:aws:execute-api:<region>:<account>:<api id>/<stage>/<METHOD>/<path as sent>`.
 */
export const methodArn = (request: GatewayRequest): string =>
  `arn:aws:execute-api:${SANDBOX_REGION}:${SANDBOX_ACCOUNT}:${SANDBOX_API_ID}/${SANDBOX_STAGE}/` +
  `${request.method.toUpperCase()}${request.path}`;

/** What API Gateway tells both a REQUEST authorizer and the route's function about a request. */
interface RequestView {
  readonly resource: string;
  readonly path: string;
  readonly httpMethod: string;
  readonly headers: Record<string, string>;
  readonly multiValueHeaders: Record<string, string[]>;
  readonly queryStringParameters: Record<string, string> | null;
  readonly multiValueQueryStringParameters: Record<string, string[]> | null;
  readonly pathParameters: Record<string, string> | null;
  readonly stageVariables: null;
  readonly requestContext: APIGatewayEventRequestContextWithAuthorizer<undefined>;
}

/**
 * The request as API Gateway hands it on: header and query maps, path parameters, request
 * context. The gateway's own `X-Forwarded-*` headers are added when the client did not send
 * them, so a function can build absolute URLs (`Location`) the same way here and in AWS.
 */
function requestView(
  request: GatewayRequest,
  match: RouteResolution,
  options: Omit<EventOptions, 'authorizer'>,
): RequestView {
  const requestId = options.requestId ?? randomUUID();
  const now = options.now ?? Date.now();
  const raw = [...request.rawHeaders];
  const headers = headerMaps(raw);
  const added: [string, string][] = [
    ['X-Forwarded-For', request.sourceIp],
    ['X-Forwarded-Proto', 'http'],
    ...(options.port ? ([['X-Forwarded-Port', String(options.port)]] as [string, string][]) : []),
  ];
  for (const [name, value] of added) if (!headers.has(name)) raw.push(name, value);
  const { single, multi } = headerMaps(raw);
  const query = queryMaps(request.query);
  // API Gateway names its own domain here, never the client's Host: the sandbox's is the loopback
  // address and port it serves on (docs/decisions/http-requests.md D61).
  const domainName = options.port ? `127.0.0.1:${options.port}` : '127.0.0.1';
  const userAgent = Object.entries(single).find(([k]) => k.toLowerCase() === 'user-agent')?.[1] ?? null;

  return {
    resource: match.resource,
    path: request.path,
    httpMethod: request.method.toUpperCase(),
    headers: single,
    multiValueHeaders: multi,
    queryStringParameters: query.single,
    multiValueQueryStringParameters: query.multi,
    pathParameters: match.pathParameters ? { ...match.pathParameters } : null,
    stageVariables: null,
    requestContext: {
      accountId: SANDBOX_ACCOUNT,
      apiId: SANDBOX_API_ID,
      resourceId: match.route.name,
      stage: SANDBOX_STAGE,
      requestId,
      extendedRequestId: requestId,
      requestTime: requestTime(now),
      requestTimeEpoch: now,
      // The path the client used: in AWS it carries the stage (`/dev/v1/...`) because the stage
      // is in the URL; the sandbox serves `/v1` at the root, so this is the same rule.
      path: request.path,
      resourcePath: match.resource,
      httpMethod: request.method.toUpperCase(),
      protocol: 'HTTP/1.1',
      domainName,
      domainPrefix: domainName.split(/[.:]/)[0] ?? domainName,
      // Only the function's event carries an authorizer's answer.
      authorizer: undefined,
      identity: {
        sourceIp: request.sourceIp,
        userAgent,
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        user: null,
        userArn: null,
      },
    },
  };
}

/** Builds the REST API proxy (payload v1) event API Gateway would hand the route's function. */
export function buildProxyEvent(
  request: GatewayRequest,
  match: RouteResolution,
  options: EventOptions = {},
): APIGatewayProxyEvent {
  const { authorizer, ...viewOptions } = options;
  const view = requestView(request, match, viewOptions);
  const contentType = Object.entries(view.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
  const hasBody = request.body !== undefined && request.body.length > 0;
  // Bytes that are not UTF-8 go base64-encoded, as they are, rather than with U+FFFD in place of
  // each bad sequence: the function decides what to do with them (docs/decisions/http-requests.md D63).
  const text = isTextContent(contentType) && (!hasBody || isUtf8(request.body!));
  return {
    ...view,
    body: hasBody ? request.body!.toString(text ? 'utf8' : 'base64') : null,
    isBase64Encoded: hasBody && !text,
    requestContext: { ...view.requestContext, authorizer: authorizer ? { ...authorizer } : null },
  };
}

/**
 * Builds the event of a REQUEST authorizer (REST API): the request as the function would see it,
 * without the body, plus `type` and `methodArn`. Pass the function's `requestId` and `now`: API
 * Gateway gives both events the same request context.
 */
export function buildRequestAuthorizerEvent(
  request: GatewayRequest,
  match: RouteResolution,
  options: Omit<EventOptions, 'authorizer'> = {},
): APIGatewayRequestAuthorizerEvent {
  return { type: 'REQUEST', methodArn: methodArn(request), ...requestView(request, match, options) };
}
