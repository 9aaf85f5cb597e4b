import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { logger } from '../logger';
import { readMeter } from '../read-meter';
import { recordRequest } from './request-metric';

/**
 * First on, last off: the correlation id, then one log line per request with its status,
 * duration and items read, and the request metric (docs/decisions/observability.md D39). Its `after` and
 * `onError` run last, so they see the answer the client gets, errors included.
 */
export const observeRequest = (): MiddlewareObj<
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  Error,
  Context
> => {
  // Keyed by event: one handler may serve overlapping requests (the sandbox runs them in one process).
  const started = new WeakMap<APIGatewayProxyEvent, number>();
  const done = (event: APIGatewayProxyEvent, status: number) => {
    // The resource is API Gateway's path template, never the real path: a bounded set of metrics.
    recordRequest(`${event.httpMethod} ${event.resource}`, status);
    logger.info('request', {
      method: event.httpMethod,
      resource: event.resource,
      status,
      durationMs: Math.round((performance.now() - (started.get(event) ?? performance.now())) * 100) / 100,
      itemsRead: readMeter.items,
    });
  };
  return {
    before: ({ event, context }) => {
      started.set(event, performance.now());
      readMeter.reset();
      logger.addContext(context);
      logger.setCorrelationId(event.requestContext?.requestId);
    },
    after: ({ event, response }) => done(event, response?.statusCode ?? 200),
    // answer-errors has set the answer by now; 500 if nothing did.
    onError: ({ event, response }) => done(event, response?.statusCode ?? 500),
  };
};
