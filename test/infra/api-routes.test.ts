import { API_VERSION, type Route, routes } from '#functions/routes';
import { stackName } from '#lib/commerce-api-stack';
import {
  functionLogicalId,
  methodsAt,
  onGateway,
  paths,
  restApiId,
  routeMethod,
  stack,
  template,
} from './support/api-template';
import { type CfnJson, resourcesOfType, shippedStageFile, synth } from './synth';

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

  it('answers another method on a known path with 405, Allow, no-store and a docs/decisions/http-requests.md D1 body', () => {
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
          ResponseParameters: expect.objectContaining({
            'method.response.header.Allow': `'${allow}'`,
            'method.response.header.Cache-Control': "'no-store'",
          }),
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
    expect([...new Set(pinned.map((entry) => entry.route.path))].sort()).toEqual(
      [
        '/@me',
        '/@me/orders',
        '/@me/webhook-secrets',
        '/@me/webhook-secrets/{secret_id}',
        '/profile/@me',
        '/users/@me/profile',
      ].sort(),
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
      expect(notFound).toMatchObject({
        StatusCode: '404',
        SelectionPattern: '404',
        ResponseParameters: { 'method.response.header.Cache-Control': "'no-store'" },
      });
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

describe('the API stage', () => {
  const [stage] = Object.values(resourcesOfType(template, 'AWS::ApiGateway::Stage'));
  const methodSettings: CfnJson[] = stage!.Properties.MethodSettings;
  const stageWide = (settings: CfnJson[]) => settings.filter((s) => s.ResourcePath === '/*');
  /** The dev stage file's route throttles stand instead of the route table's. */
  const fromFile = shippedStageFile('dev').routeThrottles ?? {};
  const throttleOf = (route: Route) => fromFile[route.name] ?? route.throttle;
  const throttledRoutes = onGateway.filter((entry) => throttleOf(entry.route) !== undefined);
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
    expect(throttledRoutes.map((entry) => entry.route.name).sort()).toEqual([
      'create-batch',
      'create-report',
      'get-report-status',
    ]);
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
    'throttles %s /v1%s (%s) at its own rate and burst, in place of the stage default',
    (method, path, name) => {
      const throttle = throttleOf(routes.find((route) => route.name === name)!);
      expect(methodSettings).toContainEqual(
        expect.objectContaining({
          HttpMethod: method,
          ResourcePath: settingsPath(`/${API_VERSION}${path}`),
          ThrottlingRateLimit: throttle!.rateLimit,
          ThrottlingBurstLimit: throttle!.burstLimit,
        }),
      );
      // Its own numbers, not the stage's (the status route's is a safety net above it, docs/decisions/limits-and-throttles.md D26).
      expect(throttle!.rateLimit).not.toBe(stageWide(methodSettings)[0].ThrottlingRateLimit);
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
    // Who read what: the authorizer's principal (the user id) and the path as asked, not the template.
    expect(JSON.parse(Format)).toMatchObject({
      caller: '$context.authorizer.principalId',
      path: '$context.path',
      resourcePath: '$context.resourcePath',
    });
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

  it('throttles at rate 100 and burst 200, as the dev stage file says', () => {
    expect(stageWide(methodSettings)).toEqual([
      expect.objectContaining({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 }),
    ]);
  });

  it('takes a one-off throttle of an unprotected stage from context, as the CLI passes it (strings)', () => {
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
