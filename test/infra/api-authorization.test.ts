import { routes } from '#functions/routes';
import {
  gatewayPathOf,
  methods,
  onGateway,
  paths,
  restApiId,
  routeMethod,
  stack,
  template,
} from './support/api-template';
import { type CfnJson, resourcesOfType } from './synth';

describe('authorization', () => {
  const authorizers = resourcesOfType(template, 'AWS::ApiGateway::Authorizer');
  const authorizerOfType = (type: string): string => {
    const ids = Object.keys(authorizers).filter((id) => authorizers[id]!.Properties.Type === type);
    expect(ids).toHaveLength(1);
    return ids[0]!;
  };
  const authorizerId = authorizerOfType('TOKEN');
  const requestAuthorizerId = authorizerOfType('REQUEST');
  const authorizerFunctionId = stack.resolve(
    (stack.api.authorizerFunction!.node.defaultChild as CfnJson).logicalId,
  );
  const isPinned = (routeName: string) =>
    Object.keys(onGateway.find((entry) => entry.route.name === routeName)!.pinned).length > 0;
  const tokenRoutes = routes.filter((route) => route.access === 'token');

  it('are two: a TOKEN authorizer and a REQUEST authorizer, both on the one authorizer function', () => {
    expect(Object.keys(authorizers).sort()).toEqual([authorizerId, requestAuthorizerId].sort());
    for (const id of [authorizerId, requestAuthorizerId]) {
      expect(JSON.stringify(authorizers[id]!.Properties.AuthorizerUri)).toContain(
        `"${authorizerFunctionId}","Arn"`,
      );
    }
  });

  it('is one TOKEN authorizer on the Authorization header, cached 5 minutes, refusing malformed headers', () => {
    expect(authorizers[authorizerId]!.Properties).toMatchObject({
      Type: 'TOKEN',
      Name: 'commerce-api-dev-token',
      RestApiId: { Ref: restApiId },
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: 300,
      IdentityValidationExpression: '^Bearer [-0-9A-Za-z._~+/]+=*$',
    });
  });

  it('has a REQUEST authorizer for the @me resources with no identity source and no cache, so it runs without a token', () => {
    expect(authorizers[requestAuthorizerId]!.Properties).toEqual({
      Type: 'REQUEST',
      Name: 'commerce-api-dev-pinned-request',
      RestApiId: { Ref: restApiId },
      AuthorizerResultTtlInSeconds: 0,
      AuthorizerUri: expect.anything(),
    });
  });

  it('lets API Gateway invoke the authorizer function for each authorizer, and nothing else', () => {
    const permissions = Object.values(resourcesOfType(template, 'AWS::Lambda::Permission')).filter(
      (permission) =>
        JSON.stringify(permission.Properties.FunctionName) ===
        JSON.stringify({ 'Fn::GetAtt': [authorizerFunctionId, 'Arn'] }),
    );
    expect(permissions).toHaveLength(2);
    for (const permission of permissions) {
      expect(permission.Properties).toMatchObject({
        Action: 'lambda:InvokeFunction',
        Principal: 'apigateway.amazonaws.com',
      });
    }
    const sourceAuthorizers = permissions.map(
      (permission) => permission.Properties.SourceArn['Fn::Join'][1].at(-1).Ref as string,
    );
    expect(sourceAuthorizers.sort()).toEqual([authorizerId, requestAuthorizerId].sort());
    for (const permission of permissions) {
      expect(permission.Properties.SourceArn['Fn::Join'][1]).toContainEqual({ Ref: restApiId });
      expect(permission.Properties.SourceArn['Fn::Join'][1]).toContain('/authorizers/');
    }
  });

  it('lets through exactly what the authorizer function reads as a bearer token', () => {
    const pattern = new RegExp(authorizers[authorizerId]!.Properties.IdentityValidationExpression);
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIyIn0.c2lnbmF0dXJl-_';
    expect(pattern.test(`Bearer ${jwt}`)).toBe(true);
    expect(pattern.test('Bearer abc+/=')).toBe(true);
    for (const header of [
      '',
      jwt,
      `Basic ${jwt}`,
      `Bearer  ${jwt}`,
      'Bearer ',
      `Bearer ${jwt} x`,
      'Bearer a"b',
    ]) {
      expect(pattern.test(header)).toBe(false);
    }
  });

  it.each(
    tokenRoutes
      .filter((route) => !isPinned(route.name))
      .map((route) => [route.method, route.path, route.name]),
  )('%s /v1%s (%s) needs the cached TOKEN authorizer', (_method, _path, name) => {
    expect(routeMethod(name).Properties).toMatchObject({
      AuthorizationType: 'CUSTOM',
      AuthorizerId: { Ref: authorizerId },
    });
  });

  it.each(
    tokenRoutes
      .filter((route) => isPinned(route.name))
      .map((route) => [route.method, route.path, route.name]),
  )(
    '%s /v1%s (%s), on a resource standing for @me, needs the uncached REQUEST authorizer',
    (_method, _path, name) => {
      expect(routeMethod(name).Properties).toMatchObject({
        AuthorizationType: 'CUSTOM',
        AuthorizerId: { Ref: requestAuthorizerId },
      });
    },
  );

  it('puts exactly the token routes of the @me resources behind the REQUEST authorizer', () => {
    const behindRequest = methods
      .filter((method) => method.Properties.AuthorizerId?.Ref === requestAuthorizerId)
      .map((method) => `${method.Properties.HttpMethod} ${paths.get(method.Properties.ResourceId.Ref)}`);
    expect(behindRequest.sort()).toEqual(
      tokenRoutes
        .filter((route) => isPinned(route.name))
        .map((route) => `${route.method} ${gatewayPathOf(route.name)}`)
        .sort(),
    );
    expect(behindRequest.length).toBeGreaterThanOrEqual(4);
  });

  it.each(
    routes
      .filter((route) => route.access === 'public')
      .map((route) => [route.method, route.path, route.name]),
  )('%s /v1%s (%s) is public', (_method, _path, name) => {
    expect(routeMethod(name).Properties.AuthorizationType).toBe('NONE');
    expect(routeMethod(name).Properties.AuthorizerId).toBeUndefined();
  });

  it('has token routes and public routes to check', () => {
    expect(routes.filter((route) => route.access === 'token').length).toBeGreaterThan(0);
    expect(routes.filter((route) => route.access === 'public').length).toBeGreaterThan(0);
  });

  it('lets the 405 mocks answer without a token: they reach no function', () => {
    for (const any of methods.filter((m) => m.Properties.HttpMethod === 'ANY')) {
      expect(any.Properties.AuthorizationType).toBe('NONE');
    }
  });
});

describe('gateway responses', () => {
  const responses = Object.values(resourcesOfType(template, 'AWS::ApiGateway::GatewayResponse'));
  const responseOf = (type: string): CfnJson => {
    const found = responses.find((response) => response.Properties.ResponseType === type);
    if (!found) throw new Error(`no gateway response ${type}`);
    return found.Properties;
  };
  const bodyOf = (type: string) => JSON.parse(responseOf(type).ResponseTemplates['application/json']);

  it.each([
    ['MISSING_AUTHENTICATION_TOKEN', '404', 'not_found'],
    ['RESOURCE_NOT_FOUND', '404', 'not_found'],
    ['ACCESS_DENIED', '404', 'not_found'],
    ['UNAUTHORIZED', '401', 'unauthorized'],
    ['EXPIRED_TOKEN', '401', 'unauthorized'],
    ['INVALID_SIGNATURE', '401', 'unauthorized'],
    ['THROTTLED', '429', 'too_many_requests'],
    ['QUOTA_EXCEEDED', '429', 'too_many_requests'],
    ['BAD_REQUEST_BODY', '400', 'invalid_request'],
    ['BAD_REQUEST_PARAMETERS', '400', 'invalid_request'],
    ['REQUEST_TOO_LARGE', '413', 'payload_too_large'],
    ['INTEGRATION_TIMEOUT', '504', 'timeout'],
    ['AUTHORIZER_FAILURE', '500', 'internal_error'],
    ['AUTHORIZER_CONFIGURATION_ERROR', '500', 'internal_error'],
    ['DEFAULT_4XX', '400', 'invalid_request'],
    ['DEFAULT_5XX', '500', 'internal_error'],
  ])('%s answers %s with a JSON {code: %s, message}, never cached', (type, status, code) => {
    expect(responseOf(type)).toMatchObject({
      StatusCode: status,
      ResponseParameters: {
        'gatewayresponse.header.Content-Type': "'application/json'",
        // docs/decisions/http-requests.md D1; docs/decisions/api-contract.md D87: no error is ever cached.
        'gatewayresponse.header.Cache-Control': "'no-store'",
      },
    });
    const body = bodyOf(type);
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.code).toBe(code);
    // A general sentence: no paths, ids, ARNs or template variables.
    expect(body.message).toMatch(/^[A-Z][^/{}$:]*\.$/);
  });

  it('says how to authenticate on 401 and when to retry on 429', () => {
    for (const type of ['UNAUTHORIZED', 'EXPIRED_TOKEN', 'INVALID_SIGNATURE']) {
      expect(responseOf(type).ResponseParameters['gatewayresponse.header.WWW-Authenticate']).toBe("'Bearer'");
    }
    expect(responseOf('THROTTLED').ResponseParameters['gatewayresponse.header.Retry-After']).toBe("'1'");
  });

  it('answers unknown paths 404 not_found with the same body as a missing resource', () => {
    expect(bodyOf('MISSING_AUTHENTICATION_TOKEN')).toEqual({
      code: 'not_found',
      message: 'The requested resource was not found.',
    });
    // docs/decisions/tokens-and-rights.md D3: refused access looks exactly like a missing resource.
    expect(bodyOf('ACCESS_DENIED')).toEqual(bodyOf('RESOURCE_NOT_FOUND'));
    expect(bodyOf('AUTHORIZER_FAILURE')).toEqual(bodyOf('DEFAULT_5XX'));
    expect(bodyOf('DEFAULT_5XX')).toEqual({
      code: 'internal_error',
      message: 'An unexpected error occurred.',
    });
  });
});
