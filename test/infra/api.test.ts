import type { Template } from 'aws-cdk-lib/assertions';
import { gatewayRoutes } from '../../functions/gateway-paths';
import { API_VERSION, routes } from '../../functions/routes';
import { stackName } from '../../lib/commerce-api-stack';
import { type CfnJson, resourcesOfType, synth } from './synth';

const { stack, template } = synth({ stage: 'dev' });
const [restApiId] = Object.keys(resourcesOfType(template, 'AWS::ApiGateway::RestApi'));
const methods = Object.values(resourcesOfType(template, 'AWS::ApiGateway::Method'));

/** Full path of every API Gateway resource (`/v1/products/{product_id}`), by logical id. */
function resourcePaths(t: Template): Map<string, string> {
  const resources = resourcesOfType(t, 'AWS::ApiGateway::Resource');
  const pathOf = (id: string): string => {
    const { ParentId, PathPart } = resources[id]!.Properties;
    const parent = ParentId.Ref ? pathOf(ParentId.Ref) : '';
    return `${parent}/${PathPart}`;
  };
  return new Map(Object.keys(resources).map((id) => [id, pathOf(id)]));
}
const paths = resourcePaths(template);
const methodsAt = (path: string): CfnJson[] =>
  methods.filter((method) => paths.get(method.Properties.ResourceId.Ref) === path);
const functionLogicalId = (routeName: string): string =>
  stack.resolve((stack.api.functionFor(routeName).node.defaultChild as CfnJson).logicalId);
/** Every route with its API Gateway resource path (a `@me` segment is a pinned variable there). */
const onGateway = gatewayRoutes(routes);
const gatewayPathOf = (routeName: string): string =>
  `/${API_VERSION}${onGateway.find((entry) => entry.route.name === routeName)!.path}`;
const routeMethod = (routeName: string): CfnJson => {
  const route = routes.find((r) => r.name === routeName)!;
  const [method] = methodsAt(gatewayPathOf(routeName)).filter(
    (m) => m.Properties.HttpMethod === route.method,
  );
  return method;
};

describe('the REST API', () => {
  it('is the one API of the stack, named after the stage', () => {
    expect(stack.stackName).toBe(stackName('dev'));
    template.resourceCountIs('AWS::ApiGateway::RestApi', 1);
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { Name: 'commerce-api-dev' });
  });

  it.each(routes.map((route) => [route.method, route.path, route.name]))(
    'serves %s /v1%s through the Lambda proxy of %s',
    (_httpMethod, _path, name) => {
      const method = routeMethod(name);
      expect(method).toBeDefined();
      expect(method.Properties.Integration.Type).toBe('AWS_PROXY');
      expect(JSON.stringify(method.Properties.Integration.Uri)).toContain(
        `"${functionLogicalId(name)}","Arn"`,
      );
    },
  );

  it('treats every media type as binary, so a function can return a PDF as bytes', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
  });

  it('serves nothing outside /v1', () => {
    for (const path of paths.values()) expect(path).toMatch(/^\/v1(\/|$)/);
  });

  it('answers another method on a known path with 405, Allow and a docs/design.md D1 body', () => {
    const unpinned = onGateway.filter((entry) => Object.keys(entry.pinned).length === 0);
    const routePaths = [...new Set(unpinned.map((entry) => entry.path))];
    expect(routePaths.length).toBeGreaterThan(10);
    for (const path of routePaths) {
      const allow = onGateway
        .filter((entry) => entry.path === path)
        .map((entry) => entry.route.method)
        .sort()
        .join(', ');
      const any = methodsAt(`/${API_VERSION}${path}`).filter((m) => m.Properties.HttpMethod === 'ANY');
      expect(any).toHaveLength(1);
      const { Integration, MethodResponses } = any[0].Properties;
      expect(Integration.Type).toBe('MOCK');
      // Every type is binary (below): the mock must still get text to apply its template.
      expect(Integration.ContentHandling).toBe('CONVERT_TO_TEXT');
      expect(Integration.RequestTemplates).toEqual({ 'application/json': '{"statusCode": 405}' });
      expect(Integration.IntegrationResponses).toEqual([
        expect.objectContaining({
          StatusCode: '405',
          // No SelectionPattern: the default response, whatever status the mock returns.
          ResponseParameters: expect.objectContaining({ 'method.response.header.Allow': `'${allow}'` }),
        }),
      ]);
      expect(Integration.IntegrationResponses[0].SelectionPattern).toBeUndefined();
      expect(JSON.parse(Integration.IntegrationResponses[0].ResponseTemplates['application/json'])).toEqual({
        code: 'method_not_allowed',
        message: 'This method is not allowed on this resource.',
      });
      expect(MethodResponses).toEqual([
        expect.objectContaining({
          StatusCode: '405',
          ResponseParameters: expect.objectContaining({ 'method.response.header.Allow': true }),
        }),
      ]);
    }
  });

  it('on a resource standing for @me, answers 405 for @me and 404 for any other value', () => {
    const pinned = onGateway.filter((entry) => Object.keys(entry.pinned).length > 0);
    expect(pinned.map((entry) => entry.route.path).sort()).toEqual(
      ['/@me', '/@me/orders', '/profile/@me', '/users/@me/profile'].sort(),
    );
    for (const entry of pinned) {
      const [any] = methodsAt(`/${API_VERSION}${entry.path}`).filter(
        (m) => m.Properties.HttpMethod === 'ANY',
      );
      const { Integration, MethodResponses } = any.Properties;
      expect(Integration.ContentHandling).toBe('CONVERT_TO_TEXT');
      const [name, literal] = Object.entries(entry.pinned)[0]!;
      expect(Integration.RequestTemplates['application/json']).toBe(
        `#if($input.params().path.get('${name}') == '${literal}')\n{"statusCode": 405}\n#else\n{"statusCode": 404}\n#end`,
      );
      const [methodNotAllowed, notFound] = Integration.IntegrationResponses;
      expect(methodNotAllowed).toMatchObject({ StatusCode: '405' });
      expect(methodNotAllowed.SelectionPattern).toBeUndefined();
      expect(notFound).toMatchObject({ StatusCode: '404', SelectionPattern: '404' });
      expect(JSON.parse(notFound.ResponseTemplates['application/json'])).toEqual({
        code: 'not_found',
        message: 'The requested resource was not found.',
      });
      expect(MethodResponses.map((r: CfnJson) => r.StatusCode)).toEqual(['405', '404']);
    }
  });

  it('has no ANY on resources without routes, which answer 404 like unknown paths', () => {
    const routePaths = new Set(onGateway.map((entry) => `/${API_VERSION}${entry.path}`));
    for (const path of paths.values()) {
      if (!routePaths.has(path)) expect(methodsAt(path)).toEqual([]);
    }
  });
});

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
  ])('%s answers %s with a JSON {code: %s, message}', (type, status, code) => {
    expect(responseOf(type)).toMatchObject({
      StatusCode: status,
      ResponseParameters: { 'gatewayresponse.header.Content-Type': "'application/json'" },
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
    // docs/design.md D3: refused access looks exactly like a missing resource.
    expect(bodyOf('ACCESS_DENIED')).toEqual(bodyOf('RESOURCE_NOT_FOUND'));
    expect(bodyOf('AUTHORIZER_FAILURE')).toEqual(bodyOf('DEFAULT_5XX'));
    expect(bodyOf('DEFAULT_5XX')).toEqual({
      code: 'internal_error',
      message: 'An unexpected error occurred.',
    });
  });
});

describe('the API stage', () => {
  const [stage] = Object.values(resourcesOfType(template, 'AWS::ApiGateway::Stage'));
  const methodSettings: CfnJson[] = stage!.Properties.MethodSettings;
  const stageWide = (settings: CfnJson[]) => settings.filter((s) => s.ResourcePath === '/*');
  const throttledRoutes = onGateway.filter((entry) => entry.route.throttle !== undefined);
  /** API Gateway's method-settings path: `/v1/a/{b}` as `/~1v1~1a~1{b}`. */
  const settingsPath = (path: string) => `/${path.replaceAll('/', '~1')}`;

  it('is named after the stage, traced, with metrics and error logging but no data tracing', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'dev',
      RestApiId: { Ref: restApiId },
      TracingEnabled: true,
    });
    expect(stageWide(methodSettings)).toEqual([
      expect.objectContaining({
        HttpMethod: '*',
        MetricsEnabled: true,
        LoggingLevel: 'ERROR',
        DataTraceEnabled: false,
      }),
    ]);
  });

  it('has method settings for the stage and for each route with a throttle of its own, all with the same logging', () => {
    expect(throttledRoutes.map((entry) => entry.route.name)).toEqual(['get-report-status']);
    expect(methodSettings).toHaveLength(1 + throttledRoutes.length);
    // A method's settings replace the stage-wide ones: each repeats the logging choices.
    for (const settings of methodSettings) {
      expect(settings).toMatchObject({
        MetricsEnabled: true,
        LoggingLevel: 'ERROR',
        DataTraceEnabled: false,
      });
    }
  });

  it.each(throttledRoutes.map((entry) => [entry.route.method, entry.path, entry.route.name]))(
    'throttles %s /v1%s (%s) at its own rate and burst, below the stage',
    (method, path, name) => {
      const { throttle } = routes.find((route) => route.name === name)!;
      expect(methodSettings).toContainEqual(
        expect.objectContaining({
          HttpMethod: method,
          ResourcePath: settingsPath(`/${API_VERSION}${path}`),
          ThrottlingRateLimit: throttle!.rateLimit,
          ThrottlingBurstLimit: throttle!.burstLimit,
        }),
      );
      expect(throttle!.rateLimit).toBeLessThan(stageWide(methodSettings)[0].ThrottlingRateLimit);
      expect(throttle!.burstLimit).toBeLessThan(stageWide(methodSettings)[0].ThrottlingBurstLimit);
      // The path names a resource the API has.
      expect([...paths.values()]).toContain(`/${API_VERSION}${path}`);
    },
  );

  it('writes JSON access logs to a log group with a retention', () => {
    const [stage] = Object.values(resourcesOfType(template, 'AWS::ApiGateway::Stage'));
    const { DestinationArn, Format } = stage!.Properties.AccessLogSetting;
    const logGroupId = DestinationArn['Fn::Join'][1].at(-1).Ref;
    expect(resourcesOfType(template, 'AWS::Logs::LogGroup')[logGroupId]!.Properties.RetentionInDays).toBe(14);
    expect(JSON.parse(Format)).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
  });

  it('has its execution log group made beforehand, so it gets a retention too', () => {
    template.hasResource('AWS::Logs::LogGroup', {
      Properties: {
        LogGroupName: { 'Fn::Join': ['', ['API-Gateway-Execution-Logs_', { Ref: restApiId }, '/dev']] },
        RetentionInDays: 14,
      },
      DeletionPolicy: 'Delete',
    });
    const [stage] = Object.values(resourcesOfType(template, 'AWS::ApiGateway::Stage'));
    const executionLogsId = Object.entries(resourcesOfType(template, 'AWS::Logs::LogGroup')).find(
      ([, group]) => JSON.stringify(group.Properties.LogGroupName).includes('Execution-Logs'),
    )![0];
    expect(stage!.DependsOn).toContain(executionLogsId);
  });

  it('throttles at rate 100 and burst 200 by default', () => {
    expect(stageWide(methodSettings)).toEqual([
      expect.objectContaining({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 }),
    ]);
  });

  it('takes throttling from context, as the CLI passes it (strings)', () => {
    const custom = synth({ stage: 'dev', context: { throttleRate: '50', throttleBurst: '80' } }).template;
    const [customStage] = Object.values(resourcesOfType(custom, 'AWS::ApiGateway::Stage'));
    expect(stageWide(customStage!.Properties.MethodSettings)).toEqual([
      expect.objectContaining({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 80 }),
    ]);
  });

  it('refuses a throttle that is not a positive number', () => {
    expect(() => synth({ stage: 'dev', context: { throttleRate: 'fast' } })).toThrow(/throttleRate/);
  });
});
