import type { RouteContract } from '#commons/http/http-route';
import { routeLiteralsHold } from '#functions/contracts/gateway-path-parts';
import { gatewayRoutes, pinnedSegmentsHold } from '#functions/contracts/gateway-paths';
import { API_VERSION, type Route, routes } from '#functions/routes';
import { functionEntry } from '#lib/project-paths';

const route = (method: Route['method'], path: string): Route => ({
  name: `${method}-${path}`,
  method,
  path,
  handler: 'x',
  access: 'token',
  table: [],
  summary: 'test',
});
const mapped = (table: Route[]) =>
  gatewayRoutes(table).map(({ route: r, path, pinned }) => [r.method, r.path, path, pinned]);

describe('gatewayRoutes', () => {
  it('keeps paths API Gateway can name as they are', () => {
    expect(
      mapped([route('GET', '/products/{product_id}/technical_info'), route('GET', '/business-units')]),
    ).toEqual([
      ['GET', '/products/{product_id}/technical_info', '/products/{product_id}/technical_info', {}],
      ['GET', '/business-units', '/business-units', {}],
    ]);
  });

  it('turns @me into a variable pinned to @me, named after it where its level has none', () => {
    expect(mapped([route('GET', '/@me'), route('GET', '/@me/orders'), route('GET', '/profile/@me')])).toEqual(
      [
        ['GET', '/@me', '/{me}', { me: '@me' }],
        ['GET', '/@me/orders', '/{me}/orders', { me: '@me' }],
        ['GET', '/profile/@me', '/profile/{me}', { me: '@me' }],
      ],
    );
  });

  it('reuses the variable its level already has, whichever route comes first', () => {
    expect(mapped([route('GET', '/users/@me/profile'), route('PUT', '/users/{user_id}/address')])).toEqual([
      ['GET', '/users/@me/profile', '/users/{user_id}/profile', { user_id: '@me' }],
      ['PUT', '/users/{user_id}/address', '/users/{user_id}/address', {}],
    ]);
  });

  it('refuses two variable names at one level, which API Gateway would refuse at deploy', () => {
    expect(() =>
      gatewayRoutes([route('GET', '/users/{id}'), route('GET', '/users/{user_id}/email')]),
    ).toThrow(/one variable per level/);
  });

  it('refuses routes that would land on one resource with different literals or the same method', () => {
    expect(() => gatewayRoutes([route('GET', '/@me'), route('PUT', '/@you')])).toThrow(
      /share the API Gateway resource/,
    );
    expect(() => gatewayRoutes([route('GET', '/users/@me'), route('GET', '/users/{user_id}')])).toThrow(
      /share the API Gateway resource/,
    );
    expect(() => gatewayRoutes([route('GET', '/a'), route('GET', '/a')])).toThrow(/same method/);
  });

  it('maps the whole route table', () => {
    const table = gatewayRoutes(routes);
    expect(table).toHaveLength(routes.length);
    for (const { path } of table) {
      for (const part of path.split('/').slice(1))
        expect(part).toMatch(/^([a-zA-Z0-9:._$-]+|\{[A-Za-z0-9_]+\})$/);
    }
  });
});

describe('pinnedSegmentsHold', () => {
  // What a function checks must be what the API is built from: for every route of the table, the
  // literal gatewayRoutes pins holds, any other value does not, and an unpinned resource needs none.
  it.each(gatewayRoutes(routes).map((entry) => [entry.route.method, entry.route.path, entry]))(
    '%s %s',
    (_method, _path, { route: r, path, pinned }) => {
      const resource = `/${API_VERSION}${path}`;
      const variables = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const exact = Object.fromEntries(variables.map((name) => [name, pinned[name] ?? '42']));
      expect(pinnedSegmentsHold(resource, r.method, exact)).toBe(true);
      for (const name of Object.keys(pinned)) {
        expect(pinnedSegmentsHold(resource, r.method, { ...exact, [name]: '42' })).toBe(false);
        expect(pinnedSegmentsHold(resource, r.method, { ...exact, [name]: undefined })).toBe(false);
      }
    },
  );

  it('pins nothing on a resource no route of that method has', () => {
    expect(pinnedSegmentsHold(`/${API_VERSION}/{me}/orders`, 'DELETE', { me: 'anything' })).toBe(true);
  });
});

describe('each route function checks its own literals', () => {
  // A function with a pinned literal names its route's path itself (so the route table stays out
  // of its bundle): that path must be the table's, and only such routes need one.
  it.each(gatewayRoutes(routes).map((entry) => [entry.route.method, entry.route.path, entry]))(
    '%s %s',
    async (_method, _path, { route: r, path, pinned }) => {
      const { handler } = (await import(functionEntry(r.handler))) as {
        handler: { routeOptions: RouteContract };
      };
      const { routePath } = handler.routeOptions;
      expect(routePath).toBe(Object.keys(pinned).length > 0 ? r.path : undefined);
      if (!routePath) return;
      const resource = `/${API_VERSION}${path}`;
      const variables = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const exact = Object.fromEntries(variables.map((name) => [name, pinned[name] ?? '42']));
      expect(routeLiteralsHold(routePath, resource, exact)).toBe(true);
      for (const name of Object.keys(pinned)) {
        expect(routeLiteralsHold(routePath, resource, { ...exact, [name]: '42' })).toBe(false);
        expect(routeLiteralsHold(routePath, resource, { ...exact, [name]: undefined })).toBe(false);
      }
      expect(routeLiteralsHold(routePath, `/${API_VERSION}/other${path}`, exact)).toBe(false);
    },
  );
});
