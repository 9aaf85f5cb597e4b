import type { Route } from '#functions/routes';
import {
  buildProxyEvent,
  buildRequestAuthorizerEvent,
  type GatewayRequest,
  type RouteResolution,
} from '#local/gateway/proxy-event';

const route: Route = {
  name: 'get-product',
  method: 'GET',
  path: '/products/{product_id}',
  handler: 'catalogue/handlers/get-product',
  access: 'public',
  table: [],
  summary: 'Read one product',
};
const match: RouteResolution = {
  kind: 'route',
  route,
  resource: '/v1/products/{product_id}',
  pathParameters: { product_id: '12' },
  pinned: {},
};

const request = (overrides: Partial<GatewayRequest> = {}): GatewayRequest => ({
  method: 'GET',
  path: '/v1/products/12',
  query: '',
  rawHeaders: ['Host', '127.0.0.1:3000', 'Accept-Language', 'fr'],
  sourceIp: '127.0.0.1',
  ...overrides,
});

describe('the REST proxy event', () => {
  it('names the resource with /v1, as API Gateway does for a /v1 resource', () => {
    const event = buildProxyEvent(request(), match, { requestId: 'r-1', now: 1_768_469_400_000 });
    expect(event).toMatchObject({
      resource: '/v1/products/{product_id}',
      path: '/v1/products/12',
      httpMethod: 'GET',
      pathParameters: { product_id: '12' },
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      body: null,
      isBase64Encoded: false,
      stageVariables: null,
    });
    expect(event.requestContext).toMatchObject({
      requestId: 'r-1',
      stage: 'sandbox',
      resourcePath: '/v1/products/{product_id}',
      httpMethod: 'GET',
      path: '/v1/products/12',
      requestTimeEpoch: 1_768_469_400_000,
      requestTime: '15/Jan/2026:09:30:00 +0000',
      identity: expect.objectContaining({ sourceIp: '127.0.0.1' }),
    });
  });

  it('keeps header names as sent, last value in headers and all in multiValueHeaders', () => {
    const event = buildProxyEvent(
      request({ rawHeaders: ['Host', 'h', 'X-Thing', 'a', 'x-thing', 'b', 'Accept-Language', 'de'] }),
      match,
    );
    expect(event.headers).toMatchObject({ Host: 'h', 'X-Thing': 'b', 'Accept-Language': 'de' });
    expect(event.multiValueHeaders).toMatchObject({ 'X-Thing': ['a', 'b'] });
  });

  it("adds the gateway's X-Forwarded headers unless the client sent them", () => {
    const event = buildProxyEvent(request({ rawHeaders: ['X-Forwarded-Proto', 'https'] }), match, {
      port: 3000,
    });
    expect(event.headers).toMatchObject({
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-For': '127.0.0.1',
      'X-Forwarded-Port': '3000',
    });
  });

  it("names the sandbox's own address and port as the domain, never the client's Host (docs/decisions/http-requests.md D61)", () => {
    const event = buildProxyEvent(request({ rawHeaders: ['Host', 'evil.example'] }), match, { port: 3000 });
    expect(event.headers).toMatchObject({ Host: 'evil.example' });
    expect(event.requestContext).toMatchObject({ domainName: '127.0.0.1:3000', domainPrefix: '127' });
  });

  it('decodes query values: the last in queryStringParameters, all in the multi-value map', () => {
    const criteria = encodeURIComponent(JSON.stringify({ brand: ['Pipe|Line Editions'] }));
    const event = buildProxyEvent(
      request({
        query: `productType=book&productType=computer&brand=a%2Cb&searchCriteria=${criteria}&q=a+b`,
      }),
      match,
    );
    expect(event.queryStringParameters).toEqual({
      productType: 'computer',
      brand: 'a,b',
      searchCriteria: '{"brand":["Pipe|Line Editions"]}',
      q: 'a b',
    });
    expect(event.multiValueQueryStringParameters).toMatchObject({ productType: ['book', 'computer'] });
  });

  it('passes a text body as a string and anything else base64-encoded', () => {
    const json = buildProxyEvent(
      request({
        method: 'POST',
        rawHeaders: ['Content-Type', 'application/json; charset=utf-8'],
        body: Buffer.from('{"é":1}'),
      }),
      match,
    );
    expect(json).toMatchObject({ body: '{"é":1}', isBase64Encoded: false });

    const bytes = Buffer.from([0, 255, 1]);
    const binary = buildProxyEvent(
      request({ method: 'POST', rawHeaders: ['Content-Type', 'application/octet-stream'], body: bytes }),
      match,
    );
    expect(binary).toMatchObject({ body: bytes.toString('base64'), isBase64Encoded: true });
  });

  it('passes a JSON body that is not UTF-8 base64-encoded, so its bytes reach the function as sent (D63)', () => {
    const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]); // {"a":"\xff"}
    const event = buildProxyEvent(
      request({ method: 'POST', rawHeaders: ['Content-Type', 'application/json'], body: bytes }),
      match,
    );
    expect(event).toMatchObject({ body: bytes.toString('base64'), isBase64Encoded: true });
  });

  it('gives a REQUEST authorizer the same request, without the body, with its type and method ARN', () => {
    const sent = request({
      method: 'POST',
      query: 'a=1&a=2',
      rawHeaders: ['Host', '127.0.0.1:3000', 'Authorization', 'Bearer t', 'Content-Type', 'application/json'],
      body: Buffer.from('{"x":1}'),
    });
    const options = { requestId: 'r-1', now: 1_768_469_400_000, port: 3000 };
    const authorizerEvent = buildRequestAuthorizerEvent(sent, match, options);
    const { body, isBase64Encoded, requestContext, ...proxy } = buildProxyEvent(sent, match, {
      ...options,
      authorizer: { principalId: '2', userId: '2' },
    });
    expect(body).toBe('{"x":1}');
    expect(isBase64Encoded).toBe(false);
    expect(authorizerEvent).toEqual({
      type: 'REQUEST',
      methodArn: 'arn:aws:execute-api:us-east-1:000000000000:sandbox/sandbox/POST/v1/products/12',
      ...proxy,
      requestContext: { ...requestContext, authorizer: undefined },
    });
    expect(authorizerEvent.headers).toMatchObject({ Authorization: 'Bearer t', 'X-Forwarded-Port': '3000' });
    expect(JSON.parse(JSON.stringify(authorizerEvent.requestContext))).not.toHaveProperty('authorizer');
    expect(requestContext.authorizer).toEqual({ principalId: '2', userId: '2' });
  });
});
