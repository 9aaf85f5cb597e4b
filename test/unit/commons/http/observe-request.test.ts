import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { answerErrors } from '#commons/http/answer-errors';
import { notFound } from '#commons/http/errors';
import { observeRequest } from '#commons/http/observe-request';
import { logger } from '#commons/logger';
import { apiEvent, lambdaContext } from '#test/unit/support/api-event';

const event = apiEvent({ resource: '/v1/orders/{order_id}', pathParameters: { order_id: '12' } });

/** As http-route.ts chains them: observeRequest first on, so last off. */
const chain = (handler: () => Promise<APIGatewayProxyResult>) =>
  middy<APIGatewayProxyEvent, APIGatewayProxyResult>(handler).use(observeRequest()).use(answerErrors());

describe('observeRequest (docs/decisions/observability.md D39)', () => {
  afterEach(() => jest.restoreAllMocks());

  it("writes one line per request with the route template and the answer's status", async () => {
    const info = jest.spyOn(logger, 'info').mockImplementation(() => undefined);
    await chain(async () => ({ statusCode: 201, body: '' }))(event, lambdaContext);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(
      'request',
      expect.objectContaining({
        method: 'GET',
        resource: '/v1/orders/{order_id}',
        status: 201,
        itemsRead: 0,
      }),
    );
  });

  it('sees the status answerErrors gave a failed request', async () => {
    const info = jest.spyOn(logger, 'info').mockImplementation(() => undefined);
    await chain(async () => {
      throw notFound();
    })(event, lambdaContext);
    expect(info).toHaveBeenCalledWith('request', expect.objectContaining({ status: 404 }));
  });

  it('takes the correlation id from API Gateway’s request id', async () => {
    const correlation = jest.spyOn(logger, 'setCorrelationId');
    await chain(async () => ({ statusCode: 200, body: '' }))(event, lambdaContext);
    expect(correlation).toHaveBeenCalledWith('test-request');
  });
});
