/**
 * The sandbox answers for API Gateway: these tests hold its copies (router, gateway answers)
 * to the synthesized API of lib/http-api.ts, so the sandbox and the stack cannot drift apart.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { gatewayRoutes } from '../../../functions/gateway-paths';
import { routes } from '../../../functions/routes';
import { createCommerceApi } from '../../../lib/commerce-api-stack';
import { gatewayAnswers } from '../../../local/gateway/gateway-errors';
import { createRouter } from '../../../local/gateway/router';
import {
  AUTHORIZER_CACHE_TTL_MS,
  IDENTITY_VALIDATION_EXPRESSION,
} from '../../../local/gateway/token-authorizer';

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
      expect(response.ResponseParameters['method.response.header.Allow']).toBe(
        `'${resolution.allow.join(', ')}'`,
      );
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
    const headers = Object.entries(response?.Properties.ResponseParameters ?? {})
      .filter(([name]) => name !== 'gatewayresponse.header.Content-Type')
      .map(([name, value]) => [
        name.replace('gatewayresponse.header.', ''),
        String(value).replace(/^'|'$/g, ''),
      ]);
    expect(Object.fromEntries(headers)).toEqual('headers' in answer ? answer.headers : {});
  });

  it('authorize token routes as the synthesized TOKEN authorizer does', () => {
    const authorizers = Object.values(resources).filter((r) => r.Type === 'AWS::ApiGateway::Authorizer');
    expect(authorizers).toHaveLength(1);
    expect(authorizers[0]!.Properties).toMatchObject({
      Type: 'TOKEN',
      IdentitySource: 'method.request.header.Authorization',
      IdentityValidationExpression: IDENTITY_VALIDATION_EXPRESSION,
      AuthorizerResultTtlInSeconds: AUTHORIZER_CACHE_TTL_MS / 1000,
    });
    const tokenPaths = new Set(
      gatewayRoutes(routes)
        .filter((g) => g.route.access === 'token')
        .map((g) => `/v1${g.path}`),
    );
    for (const m of methods.filter((m) => m.Properties.HttpMethod !== 'ANY')) {
      const expected = tokenPaths.has(methodPath(m)) ? 'CUSTOM' : 'NONE';
      expect([methodPath(m), m.Properties.AuthorizationType]).toEqual([methodPath(m), expected]);
    }
  });
});
