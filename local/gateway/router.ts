import { gatewayRoutes } from '#functions/contracts/gateway-paths';
import { API_VERSION, type HttpMethod, type Route } from '#functions/routes';

/**
 * Route matching as API Gateway REST APIs do it: the path picks a resource first (a static
 * segment beats a `{variable}` one), then the method picks the route on that resource. A
 * resource without the method answers 405 with `Allow` (the stack's ANY mock); a path with no
 * resource, or only an intermediate one without methods, answers 404, even where a variable
 * sibling of that intermediate resource would match the path (`/orders/reports/status` is not
 * `/orders/reports/{report_id}`). Resources are the
 * stack's own (functions/contracts/gateway-paths.ts): a segment API Gateway cannot name, `@me`, is a variable
 * "pinned" to that literal, so the sandbox matches exactly what the deployed API matches.
 */
export type Resolution =
  | {
      readonly kind: 'route';
      readonly route: Route;
      /** The resource as API Gateway names it, with the `/v1` prefix: `/v1/products/{product_id}`. */
      readonly resource: string;
      /** Decoded values, or null when the resource has no variable (as API Gateway gives them). */
      readonly pathParameters: Readonly<Record<string, string>> | null;
      /**
       * The resource's variables that stand for a literal (`{ me: '@me' }`), empty for most. A
       * token route there has the stack's REQUEST authorizer, which checks them before the token.
       */
      readonly pinned: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'method-not-allowed'; readonly resource: string; readonly allow: readonly string[] }
  | { readonly kind: 'not-found' };

type Segment = { readonly value: string; readonly variable: boolean };

interface Resource {
  readonly path: string;
  readonly segments: readonly Segment[];
  readonly methods: Map<string, Route>;
  /** Variables that stand for a literal (`{ user_id: '@me' }`). */
  readonly pinned: Readonly<Record<string, string>>;
}

const BASE = `/${API_VERSION}`;

const parseSegments = (path: string): Segment[] =>
  path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      const variable = /^\{([A-Za-z0-9_.-]+)\}$/.exec(s);
      if (s.includes('{') && !variable) throw new Error(`Unsupported path segment ${s}`);
      return variable ? { value: variable[1]!, variable: true } : { value: s, variable: false };
    });

/** Decodes like API Gateway; a malformed escape is kept as sent rather than failing the request. */
const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** -1 when `a` is the better match: at the first position where they differ, static wins. */
const compareSpecificity = (a: Resource, b: Resource): number => {
  for (let i = 0; i < a.segments.length; i++) {
    const av = a.segments[i]!.variable;
    const bv = b.segments[i]!.variable;
    if (av !== bv) return av ? 1 : -1;
  }
  return 0;
};

export interface Router {
  resolve(method: string, rawPath: string): Resolution;
  /** Every resource path (with `/v1`) and its methods, sorted: what the stack's API exposes. */
  readonly resources: ReadonlyMap<string, readonly HttpMethod[]>;
}

export function createRouter(routes: readonly Route[]): Router {
  const byPath = new Map<string, Resource>();
  for (const { route, path: gatewayPath, pinned } of gatewayRoutes(routes)) {
    const path = `${BASE}${gatewayPath}`;
    let resource = byPath.get(path);
    if (!resource) {
      resource = { path, segments: parseSegments(gatewayPath), methods: new Map(), pinned };
      byPath.set(path, resource);
    }
    if (resource.methods.has(route.method)) throw new Error(`Two routes for ${route.method} ${path}`);
    resource.methods.set(route.method, route);
  }
  const resources = [...byPath.values()];
  // The resources API Gateway makes on the way to those (`/orders/reports/status` for
  // `/orders/reports/status/{report_id}`): they have no method, but take part in the matching,
  // so a static one among them beats a variable sibling and its path answers 404.
  const intermediate = new Map<string, Resource>();
  for (const resource of resources) {
    const parts = resource.path.split('/').slice(2);
    for (let length = 1; length < parts.length; length++) {
      const gatewayPath = `/${parts.slice(0, length).join('/')}`;
      const path = `${BASE}${gatewayPath}`;
      if (byPath.has(path) || intermediate.has(path)) continue;
      intermediate.set(path, { path, segments: parseSegments(gatewayPath), methods: new Map(), pinned: {} });
    }
  }
  const matchable = [...resources, ...intermediate.values()];

  const resolve = (method: string, rawPath: string): Resolution => {
    // `/v1/products/` is `/v1/products`; an empty segment elsewhere (`//`) matches nothing.
    const trimmed = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    if (trimmed !== BASE && !trimmed.startsWith(`${BASE}/`)) return { kind: 'not-found' };
    const segments = trimmed
      .slice(BASE.length + 1)
      .split('/')
      .map(decodeSegment);
    if (segments.some((s) => s === '')) return { kind: 'not-found' };

    const candidates = matchable.filter(
      (r) =>
        r.segments.length === segments.length &&
        r.segments.every((s, i) => s.variable || s.value === segments[i]),
    );
    const best = candidates.sort(compareSpecificity)[0];
    // No resource, or one without methods (no ANY mock either): API Gateway's "Missing
    // Authentication Token", which the stack answers 404.
    if (!best || best.methods.size === 0) return { kind: 'not-found' };

    const variables = best.segments.flatMap((s, i) => (s.variable ? [[s.value, segments[i]!] as const] : []));
    const route = best.methods.get(method.toUpperCase());
    if (!route) {
      // The stack's ANY mock: 405 only where each pinned variable holds its literal, else 404.
      const values = Object.fromEntries(variables);
      const onPinnedPath = Object.entries(best.pinned).every(([name, literal]) => values[name] === literal);
      if (!onPinnedPath) return { kind: 'not-found' };
      return { kind: 'method-not-allowed', resource: best.path, allow: [...best.methods.keys()].sort() };
    }
    // The route's own method reaches its authorizer (token routes) or its function whatever a
    // pinned variable holds, as in AWS: each answers 404 for a value other than the literal.
    return {
      kind: 'route',
      route,
      resource: best.path,
      pathParameters: variables.length > 0 ? Object.fromEntries(variables) : null,
      pinned: best.pinned,
    };
  };

  return {
    resolve,
    resources: new Map(resources.map((r) => [r.path, [...r.methods.keys()].sort() as HttpMethod[]])),
  };
}
