import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { logger } from '../logger';
import { TemporarilyUnavailable } from '../unavailable';
import { HttpError, internalError, serviceUnavailable } from './errors';
import { headOf, jsonResponse } from './proxy-result';

/** An error as the client sees it: an HttpError as it is, data not ready yet a 503, anything else none. */
const answerOf = (error: unknown): HttpError | undefined => {
  if (error instanceof HttpError) return error;
  if (error instanceof TemporarilyUnavailable) {
    logger.warn('temporarily unavailable', { reason: error.detail });
    return serviceUnavailable(error.message, error.retryAfterSeconds);
  }
  return undefined;
};

/**
 * The docs/decisions/http-requests.md D1 error rule for every error of the chain (a middleware's or the
 * handler's): an HttpError becomes its own status and general message, data not ready yet a 503
 * with Retry-After (D73), anything else a 500 whose details stay in the log. Never cached; HEAD
 * gets the status and headers without the body, and the body's length (D87). Not middy's http-error-handler, which answers
 * the message alone as the body and logs client errors too (D84,
 * docs/decisions/codebase-conventions.md).
 */
export const answerErrors = (): MiddlewareObj<
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Error,
  Context
> => ({
  onError: (request) => {
    const error = answerOf(request.error);
    if (!error) logger.error('unhandled error', request.error as Error);
    const answer = error ?? internalError();
    const response = jsonResponse(
      answer.status,
      { code: answer.code, message: answer.message },
      { 'Cache-Control': 'no-store', ...answer.headers },
    );
    request.response = request.event.httpMethod === 'HEAD' ? headOf(response) : response;
  },
});
