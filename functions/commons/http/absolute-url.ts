import type { APIGatewayProxyEvent } from 'aws-lambda';
import { API_VERSION } from '../../routes';

/**
 * The absolute URL of a path of this API (`/orders/batches/7`), as the client reached it:
 * scheme and host from the request, and whatever the gateway put before `/v1` (the stage name
 * on the default execute-api host, nothing on a custom domain or in the sandbox).
 */
export const absoluteUrl = (event: APIGatewayProxyEvent, path: string): string => {
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const scheme = headers['x-forwarded-proto'] ?? 'https';
  const host = headers.host ?? event.requestContext.domainName;
  const fullPath = event.requestContext.path ?? event.path;
  const prefix = fullPath.endsWith(event.path) ? fullPath.slice(0, fullPath.length - event.path.length) : '';
  return `${scheme}://${host}${prefix}/${API_VERSION}${path}`;
};
