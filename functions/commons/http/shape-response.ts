import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { pickFields } from './fields';
import { type FileReply, fileResponse, headOf, jsonResponse } from './proxy-result';
import type { RouteContext } from './route-context';

/** What a route's handler answers; shape-response turns it into API Gateway's proxy result. */
export interface Reply {
  readonly status?: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** A file instead of a JSON body: sent base64-encoded, which API Gateway turns back into bytes. */
  readonly file?: FileReply;
}

/**
 * After the handler: the route's Cache-Control (docs/decisions/http-requests.md D10), the reply's own headers
 * over it, then the body: a file base64-encoded, or JSON cut to the `fields` asked for (D9),
 * and no body for HEAD, which has the status and headers its GET would have, its length included (D87).
 */
export const shapeResponse = (
  cacheControl: string,
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext> => ({
  after: (request) => {
    // The handler answered a Reply (http-route.ts); from here on the response is the proxy result.
    const reply = request.response as Reply;
    const headers = { 'Cache-Control': cacheControl, ...reply.headers };
    const status = reply.status ?? 200;
    const response = reply.file
      ? fileResponse(status, reply.file, headers)
      : jsonResponse(status, pickFields(reply.body, request.context.route?.fields), headers);
    request.response = request.event.httpMethod === 'HEAD' ? headOf(response) : response;
  },
});
