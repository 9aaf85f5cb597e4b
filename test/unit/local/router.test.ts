import { routes } from '#functions/routes';
import { createRouter } from '#local/gateway/router';
import { testRoute as route } from './support/test-route';

const router = createRouter([
  route('list', 'GET', '/products'),
  route('search', 'POST', '/products/search'),
  route('get', 'GET', '/products/{product_id}'),
  route('delete', 'DELETE', '/products/{product_id}'),
  route('stock', 'GET', '/products/{product_id}/stocks'),
  route('country-products', 'GET', '/countries/{country_id}/products'),
  route('mine', 'GET', '/users/@me/profile'),
  route('address', 'PUT', '/users/{user_id}/address'),
  route('me', 'GET', '/@me'),
]);

const routeName = (method: string, path: string) => {
  const r = router.resolve(method, path);
  return r.kind === 'route' ? r.route.name : r.kind;
};

describe('the sandbox router', () => {
  it('serves routes under /v1 only', () => {
    expect(routeName('GET', '/v1/products')).toBe('list');
    expect(routeName('GET', '/products')).toBe('not-found');
    expect(routeName('GET', '/v2/products')).toBe('not-found');
    expect(routeName('GET', '/v1')).toBe('not-found');
    expect(routeName('GET', '/')).toBe('not-found');
  });

  it('prefers a static segment to a variable one, as API Gateway does', () => {
    expect(routeName('POST', '/v1/products/search')).toBe('search');
    expect(routeName('GET', '/v1/products/42')).toBe('get');
    expect(routeName('PUT', '/v1/users/7/address')).toBe('address');
  });

  it('answers a wrong method on the static resource with its own methods, not the variable one', () => {
    // GET /products/search picks the resource /products/search (POST only), like API Gateway.
    expect(router.resolve('GET', '/v1/products/search')).toEqual({
      kind: 'method-not-allowed',
      resource: '/v1/products/search',
      allow: ['POST'],
    });
  });

  it('lists every method of the resource in Allow, sorted', () => {
    expect(router.resolve('PUT', '/v1/products/1')).toEqual({
      kind: 'method-not-allowed',
      resource: '/v1/products/{product_id}',
      allow: ['DELETE', 'GET'],
    });
    expect(router.resolve('HEAD', '/v1/products')).toMatchObject({
      kind: 'method-not-allowed',
      allow: ['GET'],
    });
  });

  it('gives the resource and the decoded path parameters', () => {
    expect(router.resolve('GET', '/v1/products/a%20b%2Fc/stocks')).toEqual({
      kind: 'route',
      route: expect.objectContaining({ name: 'stock' }),
      resource: '/v1/products/{product_id}/stocks',
      pathParameters: { product_id: 'a b/c' },
      pinned: {},
    });
    expect(router.resolve('GET', '/v1/countries/GB/products')).toMatchObject({
      pathParameters: { country_id: 'GB' },
    });
  });

  it('gives null path parameters for a resource without variables', () => {
    expect(router.resolve('GET', '/v1/products')).toMatchObject({ kind: 'route', pathParameters: null });
  });

  it('keeps a malformed escape as sent instead of failing', () => {
    expect(router.resolve('GET', '/v1/products/%E0%A4%A')).toMatchObject({
      kind: 'route',
      pathParameters: { product_id: '%E0%A4%A' },
    });
  });

  it('matches methods case-insensitively and paths case-sensitively', () => {
    expect(routeName('get', '/v1/products')).toBe('list');
    expect(routeName('GET', '/v1/products/1/Stocks')).toBe('not-found');
  });

  it('treats a trailing slash as absent, but not an empty segment', () => {
    expect(routeName('GET', '/v1/products/')).toBe('list');
    expect(routeName('GET', '/v1//products')).toBe('not-found');
    expect(routeName('GET', '/v1/products//stocks')).toBe('not-found');
  });

  it('lets a static intermediate resource beat a variable sibling, and answers its path 404', () => {
    const reports = createRouter([
      route('create-report', 'POST', '/orders/reports'),
      route('get-report-status', 'GET', '/orders/reports/status/{report_id}'),
      route('get-report', 'GET', '/orders/reports/{report_id}'),
    ]);
    const name = (method: string, path: string) => {
      const r = reports.resolve(method, path);
      return r.kind === 'route' ? r.route.name : r.kind;
    };
    expect(name('GET', '/v1/orders/reports/status/abc')).toBe('get-report-status');
    expect(name('GET', '/v1/orders/reports/abc')).toBe('get-report');
    expect(name('GET', '/v1/orders/reports/status')).toBe('not-found');
    expect(name('DELETE', '/v1/orders/reports/status')).toBe('not-found');
    expect(name('GET', '/v1/orders/reports')).toBe('method-not-allowed');
    expect([...reports.resources.keys()]).toEqual([
      '/v1/orders/reports',
      '/v1/orders/reports/status/{report_id}',
      '/v1/orders/reports/{report_id}',
    ]);
  });

  it('answers 404 for intermediate resources without methods and for deeper paths', () => {
    expect(routeName('GET', '/v1/countries/FR')).toBe('not-found');
    expect(routeName('GET', '/v1/users/7')).toBe('not-found');
    expect(routeName('GET', '/v1/products/1/stocks/paris-1')).toBe('not-found');
  });

  describe('a segment API Gateway cannot name (@me)', () => {
    it('is a variable pinned to the literal, on the resource the stack makes of it', () => {
      expect(router.resolve('GET', '/v1/users/@me/profile')).toEqual({
        kind: 'route',
        route: expect.objectContaining({ name: 'mine' }),
        resource: '/v1/users/{user_id}/profile',
        pathParameters: { user_id: '@me' },
        pinned: { user_id: '@me' },
      });
      expect(router.resolve('GET', '/v1/@me')).toMatchObject({
        resource: '/v1/{me}',
        pathParameters: { me: '@me' },
        pinned: { me: '@me' },
      });
    });

    it('reaches the route with another value too, as in AWS (its authorizer or function answers 404)', () => {
      expect(router.resolve('GET', '/v1/users/7/profile')).toMatchObject({
        kind: 'route',
        route: expect.objectContaining({ name: 'mine' }),
        pathParameters: { user_id: '7' },
        pinned: { user_id: '@me' },
      });
    });

    it('answers other methods 405 on the literal and 404 on any other value, like the ANY mock', () => {
      expect(router.resolve('DELETE', '/v1/users/@me/profile')).toEqual({
        kind: 'method-not-allowed',
        resource: '/v1/users/{user_id}/profile',
        allow: ['GET'],
      });
      expect(routeName('DELETE', '/v1/users/7/profile')).toBe('not-found');
      expect(routeName('POST', '/v1/nowhere')).toBe('not-found');
    });

    it('still loses to static segments', () => {
      expect(routeName('GET', '/v1/products')).toBe('list');
    });
  });

  it('refuses a table with two routes for one method and path', () => {
    expect(() => createRouter([route('a', 'GET', '/x'), route('b', 'GET', '/x')])).toThrow(/same method/);
  });

  it('accepts the real route table and reaches each of its routes by its own path', () => {
    const real = createRouter(routes);
    for (const r of routes) {
      const path = `/v1${r.path.replaceAll(/\{[^}]+\}/g, '1')}`;
      expect([r.name, real.resolve(r.method, path)]).toEqual([r.name, expect.objectContaining({ route: r })]);
    }
  });
});
