import type { APIGatewayProxyEvent } from 'aws-lambda';
import { API_SCHEME_ENV } from '#functions/contracts/environment';
import { API_VERSION } from '#functions/contracts/gateway-path-parts';

const STAGE_PREFIX = /^(\/[A-Za-z0-9._~-]+)*$/;

/**
 * The absolute URL of a path of this API (`/orders/batches/7`), built from what API Gateway says
 * of the request (docs/decisions/http-requests.md D61): its own domain name (`requestContext.domainName`: the
 * execute-api host or the custom domain) and whatever it put before `/v1` (the stage name on the
 * execute-api host, a base path on a custom domain, nothing in the sandbox), with `https`. Never
 * from `Host` or `X-Forwarded-*`, which the client writes. Only the sandbox, served over http,
 * says so in its functions' environment.
 */
export const absoluteUrl = (event: APIGatewayProxyEvent, path: string): string => {
  const scheme = process.env[API_SCHEME_ENV] === 'http' ? 'http' : 'https';
  const { domainName } = event.requestContext;
  if (!domainName) throw new Error('The request context names no domain');
  const fullPath = event.requestContext.path ?? event.path;
  const before = fullPath.endsWith(event.path) ? fullPath.slice(0, fullPath.length - event.path.length) : '';
  // A stage name or base path is plain segments; anything else is not one of ours.
  const prefix = STAGE_PREFIX.test(before) ? before : '';
  return `${scheme}://${domainName}${prefix}/${API_VERSION}${path}`;
};
