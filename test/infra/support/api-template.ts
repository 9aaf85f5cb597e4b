import type { Template } from 'aws-cdk-lib/assertions';
import { gatewayRoutes } from '#functions/contracts/gateway-paths';
import { API_VERSION, routes } from '#functions/routes';
import { type CfnJson, resourcesOfType, synth } from '../synth';

export const { stack, template } = synth({ stage: 'dev' });
export const [restApiId] = Object.keys(resourcesOfType(template, 'AWS::ApiGateway::RestApi'));
export const methods = Object.values(resourcesOfType(template, 'AWS::ApiGateway::Method'));

/** Full path of every API Gateway resource (`/v1/products/{product_id}`), by logical id. */
export function resourcePaths(t: Template): Map<string, string> {
  const resources = resourcesOfType(t, 'AWS::ApiGateway::Resource');
  const pathOf = (id: string): string => {
    const { ParentId, PathPart } = resources[id]!.Properties;
    const parent = ParentId.Ref ? pathOf(ParentId.Ref) : '';
    return `${parent}/${PathPart}`;
  };
  return new Map(Object.keys(resources).map((id) => [id, pathOf(id)]));
}
export const paths = resourcePaths(template);
export const methodsAt = (path: string): CfnJson[] =>
  methods.filter((method) => paths.get(method.Properties.ResourceId.Ref) === path);
export const functionLogicalId = (routeName: string): string =>
  stack.resolve((stack.api.functionFor(routeName).node.defaultChild as CfnJson).logicalId);
/** Every route with its API Gateway resource path (a `@me` segment is a pinned variable there). */
export const onGateway = gatewayRoutes(routes);
export const gatewayPathOf = (routeName: string): string =>
  `/${API_VERSION}${onGateway.find((entry) => entry.route.name === routeName)!.path}`;
export const routeMethod = (routeName: string): CfnJson => {
  const route = routes.find((r) => r.name === routeName)!;
  const [method] = methodsAt(gatewayPathOf(routeName)).filter(
    (m) => m.Properties.HttpMethod === route.method,
  );
  return method;
};
