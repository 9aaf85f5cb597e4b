/**
 * The sandbox answers for API Gateway: these tests hold its copies (router, gateway answers)
 * to the synthesized API of lib/api/, so the sandbox and the stack cannot drift apart.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { gatewayRoutes } from '#functions/contracts/gateway-paths';
import { routes } from '#functions/routes';
import { GATEWAY_ANSWER_HEADERS } from '#lib/api/gateway-answer-headers';
import { createCommerceApi } from '#lib/commerce-api-stack';
import { gatewayAnswers } from '#local/gateway/gateway-errors';
import { authorizerTypeOf } from '#local/gateway/gateway-listener';
import { REQUEST_AUTHORIZER_CACHE_TTL_MS } from '#local/gateway/request-authorizer';
import { createRouter } from '#local/gateway/router';
import { AUTHORIZER_CACHE_TTL_MS, IDENTITY_VALIDATION_EXPRESSION } from '#local/gateway/token-authorizer';

// biome-ignore lint/suspicious/noExplicitAny: a CloudFormation template is untyped JSON.
type Resource = { Type: string; Properties: any };

const { stack } = createCommerceApi({ stage: 'dev', appProps: { builtinCloudFormationValidation: false } });
const template = Template.fromStack(stack);
const resources = template.toJSON().Resources as Record<string, Resource>;

/** Rebuilds each API Gateway resource's full path from its PathPart and parent chain. */
const resourcePath = (logicalId: string): string => {
  const resource = resources[logicalId]!;
  const parent = resource.Properties.ParentId;
  const parentPath = parent['Fn::GetAtt'] ? '' : resourcePath(parent.Ref);
  return `${parentPath}/${resource.Properties.PathPart}`;
};

const methods = Object.values(resources).filter((r) => r.Type === 'AWS::ApiGateway::Method');
const methodPath = (m: Resource) => resourcePath(m.Properties.ResourceId.Ref);

describe('the sandbox gateway and the synthesized API', () => {
  const router = createRouter(routes);

  it('have the same resources and methods', () => {
    const synthesized = new Map<string, string[]>();
    for (const m of methods.filter((m) => m.Properties.HttpMethod !== 'ANY')) {
      synthesized.set(
        methodPath(m),
        [...(synthesized.get(methodPath(m)) ?? []), m.Properties.HttpMethod].sort(),
      );
    }
    expect(Object.fromEntries(synthesized)).toEqual(Object.fromEntries(router.resources));
  });

  it('answer 404 on every resource the stack has without methods (no method, no ANY mock)', () => {
    const withMethods = new Set(methods.map(methodPath));
    const bare = Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::ApiGateway::Resource')
      .map(([id]) => resourcePath(id))
      .filter((path) => !withMethods.has(path));
    // A static intermediate resource beside a variable one: it wins the match, and has nothing.
    expect(bare).toContain('/v1/orders/reports/status');
    for (const path of bare) {
      expect([path, router.resolve('GET', path.replaceAll(/\{[^}]+\}/g, 'x'))]).toEqual([
        path,
        { kind: 'not-found' },
      ]);
    }
  });

  it('answer other methods with the same 405 body and Allow header', () => {
    const anyMethods = methods.filter((m) => m.Properties.HttpMethod === 'ANY');
    expect(anyMethods.length).toBe(router.resources.size);
    for (const m of anyMethods) {
      const [response] = m.Properties.Integration.IntegrationResponses;
      const path = methodPath(m);
      // A request path of a route on that resource: pinned variables (`@me`) hold their literal.
      const routePath = gatewayRoutes(routes).find((g) => `/v1${g.path}` === path)?.route.path ?? path;
      const resolution = router.resolve('OPTIONS', `/v1${routePath}`.replaceAll(/\{[^}]+\}/g, 'x'));
      expect(resolution).toMatchObject({ kind: 'method-not-allowed', resource: path });
      if (resolution.kind !== 'method-not-allowed') continue;
      expect(response.StatusCode).toBe(String(gatewayAnswers.methodNotAllowed.statusCode));
      expect(response.ResponseParameters).toEqual({
        'method.response.header.Allow': `'${resolution.allow.join(', ')}'`,
        ...Object.fromEntries(
          Object.entries(GATEWAY_ANSWER_HEADERS).map(([name, value]) => [
            `method.response.header.${name}`,
            `'${value}'`,
          ]),
        ),
      });
      expect(JSON.parse(response.ResponseTemplates['application/json'])).toEqual({
        code: gatewayAnswers.methodNotAllowed.code,
        message: gatewayAnswers.methodNotAllowed.message,
      });
    }
  });

  it.each([
    ['MISSING_AUTHENTICATION_TOKEN', gatewayAnswers.notFound],
    ['RESOURCE_NOT_FOUND', gatewayAnswers.notFound],
    ['ACCESS_DENIED', gatewayAnswers.notFound],
    ['UNAUTHORIZED', gatewayAnswers.unauthorized],
    ['REQUEST_TOO_LARGE', gatewayAnswers.payloadTooLarge],
    ['AUTHORIZER_FAILURE', gatewayAnswers.internalError],
    ['DEFAULT_5XX', gatewayAnswers.internalError],
  ])('give the same %s answer', (type, answer) => {
    const response = Object.values(resources).find(
      (r) => r.Type === 'AWS::ApiGateway::GatewayResponse' && r.Properties.ResponseType === type,
    );
    expect(response?.Properties.StatusCode).toBe(String(answer.statusCode));
    expect(JSON.parse(response?.Properties.ResponseTemplates['application/json'])).toEqual({
      code: answer.code,
      message: answer.message,
    });
    const headers = Object.entries(response?.Properties.ResponseParameters ?? {}).map(([name, value]) => [
      name.replace('gatewayresponse.header.', ''),
      String(value).replace(/^'|'$/g, ''),
    ]);
    expect(Object.fromEntries(headers)).toEqual({
      ...GATEWAY_ANSWER_HEADERS,
      ...('headers' in answer ? answer.headers : {}),
    });
  });

  describe('authorize', () => {
    const authorizers = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::ApiGateway::Authorizer');
    const authorizerOfType = (type: string) => {
      const found = authorizers.filter(([, r]) => r.Properties.Type === type);
      expect(found).toHaveLength(1);
      return found[0]!;
    };

    it('with the same TOKEN authorizer: Authorization header, validation expression, cache TTL', () => {
      expect(authorizers).toHaveLength(2);
      expect(authorizerOfType('TOKEN')[1].Properties).toMatchObject({
        IdentitySource: 'method.request.header.Authorization',
        IdentityValidationExpression: IDENTITY_VALIDATION_EXPRESSION,
        AuthorizerResultTtlInSeconds: AUTHORIZER_CACHE_TTL_MS / 1000,
      });
    });

    it('with the same REQUEST authorizer: no identity source (it runs without a token), no cache', () => {
      const { Properties } = authorizerOfType('REQUEST')[1];
      expect(Properties.IdentitySource).toBeUndefined();
      expect(Properties.IdentityValidationExpression).toBeUndefined();
      expect(Properties.AuthorizerResultTtlInSeconds).toBe(REQUEST_AUTHORIZER_CACHE_TTL_MS / 1000);
    });

    it('each method with the same authorizer, or none', () => {
      const typeOfAuthorizer = new Map(authorizers.map(([id, r]) => [id, r.Properties.Type as string]));
      const onGateway = gatewayRoutes(routes);
      const routeMethods = methods.filter((m) => m.Properties.HttpMethod !== 'ANY');
      expect(routeMethods).toHaveLength(routes.length);
      const seen = new Set<string>();
      for (const m of routeMethods) {
        const path = methodPath(m);
        const httpMethod = m.Properties.HttpMethod as string;
        const synthesized =
          m.Properties.AuthorizationType === 'CUSTOM'
            ? typeOfAuthorizer.get(m.Properties.AuthorizerId.Ref)
            : m.Properties.AuthorizationType;
        // A request the route serves: a pinned variable holds its literal, any other one `x`.
        const { pinned } = onGateway.find((g) => `/v1${g.path}` === path && g.route.method === httpMethod)!;
        const requestPath = path.replaceAll(/\{([^}]+)\}/g, (_, name: string) => pinned[name] ?? 'x');
        const resolution = router.resolve(httpMethod, requestPath);
        expect(resolution).toMatchObject({ kind: 'route', resource: path });
        if (resolution.kind !== 'route') continue;
        expect([httpMethod, path, authorizerTypeOf(resolution)]).toEqual([httpMethod, path, synthesized]);
        seen.add(synthesized!);
      }
      expect([...seen].sort()).toEqual(['NONE', 'REQUEST', 'TOKEN']);
    });

    it('another value in a pinned variable with the same REQUEST authorizer, which answers it 404', () => {
      const unknown = router.resolve('GET', '/v1/nope');
      expect(unknown).toMatchObject({ kind: 'route', resource: '/v1/{me}' });
      if (unknown.kind === 'route') expect(authorizerTypeOf(unknown)).toBe('REQUEST');
    });
  });
});
