import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Route } from '#functions/routes';
import { buildProxyEvent, type GatewayRequest } from '../gateway/proxy-event';
import { createRouter } from '../gateway/router';
import type { SampleRequest } from './sample-requests';

/** Sample events are committed files: a fixed time and a request id derived from the route keep them stable. */
const SAMPLE_TIME = Date.parse('2026-01-15T09:30:00.000Z');
/** The authorizer context's token expiry: far ahead, so functions still accept the samples for years. */
const SAMPLE_TOKEN_EXPIRY = Date.parse('2100-01-01T00:00:00.000Z') / 1000;
/** Not a real token: the authorizer has already run when a function sees this event. */
const SAMPLE_AUTHORIZATION = 'Bearer sample.access.token';
const SAMPLE_PORT = 3000;

const stableUuid = (name: string) => {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** The event the HTTP front would build for this request: same router, same event builder. */
export function sampleEvent(
  routes: readonly Route[],
  routeName: string,
  sample: SampleRequest,
): APIGatewayProxyEvent {
  const url = new URL(sample.url, `http://127.0.0.1:${SAMPLE_PORT}`);
  const match = createRouter(routes).resolve(sample.method, url.pathname);
  if (match.kind !== 'route' || match.route.name !== routeName) {
    throw new Error(
      `The sample request for ${routeName} (${sample.method} ${sample.url}) does not reach that route`,
    );
  }
  const body = sample.json === undefined ? undefined : Buffer.from(JSON.stringify(sample.json));
  const headers: Record<string, string> = {
    Host: `127.0.0.1:${SAMPLE_PORT}`,
    'User-Agent': 'curl/8.5.0',
    Accept: 'application/json',
    ...(body ? { 'Content-Type': 'application/json', 'Content-Length': String(body.length) } : {}),
    ...(sample.caller ? { Authorization: SAMPLE_AUTHORIZATION } : {}),
    ...sample.headers,
  };
  const request: GatewayRequest = {
    method: sample.method,
    path: url.pathname,
    query: url.search.slice(1),
    rawHeaders: Object.entries(headers).flat(),
    ...(body ? { body } : {}),
    sourceIp: '127.0.0.1',
  };
  const authorizer = sample.caller && {
    principalId: String(sample.caller.userId),
    userId: String(sample.caller.userId),
    admin: String(sample.caller.admin),
    expiresAt: String(SAMPLE_TOKEN_EXPIRY),
    integrationLatency: 0,
  };
  return buildProxyEvent(request, match, {
    requestId: stableUuid(routeName),
    now: SAMPLE_TIME,
    port: SAMPLE_PORT,
    ...(authorizer ? { authorizer } : {}),
  });
}
