import { type Route, routes } from '../routes';
import { literalsOn, PATH_PART, pathSegments, VARIABLE } from './gateway-path-parts';

/** Where a route lives in API Gateway. Pure data: the sandbox and the functions may use it too. */
export interface GatewayRoute {
  readonly route: Route;
  /** Resource path under `/v1`, API Gateway syntax: `/users/{user_id}/profile` for `/users/@me/profile`. */
  readonly path: string;
  /**
   * Path variables that stand for a literal segment API Gateway cannot name, with that literal:
   * `{ user_id: '@me' }`. API Gateway matches any value there; only this one is the route.
   */
  readonly pinned: Readonly<Record<string, string>>;
}

const variableNameFor = (literal: string): string => literal.replace(/[^A-Za-z0-9_]/g, '') || 'segment';

/**
 * Maps the route table onto API Gateway resources. A literal segment API Gateway cannot name
 * becomes a path variable, "pinned" to the literal: the variable of its level if routes beside
 * it already have one (API Gateway allows a single variable child per resource), else one
 * named after the literal (`@me` → `{me}`). Static segments still beat the variable, so other
 * routes match as before; a request with another value in a pinned variable reaches the same
 * resource and must be answered 404 (the ANY mock does it for other methods; see http-api.ts).
 */
export function gatewayRoutes(routes: readonly Route[]): GatewayRoute[] {
  const segments = routes.map((route) => pathSegments(route.path));
  const mapped = routes.map((): string[] => []);
  const pinned = routes.map((): Record<string, string> => ({}));
  const depth = Math.max(0, ...segments.map((s) => s.length));

  for (let level = 0; level < depth; level++) {
    // The variable name of each parent at this level, from the routes that declare one.
    const variableOf = new Map<string, string>();
    segments.forEach((routeSegments, i) => {
      const variable = VARIABLE.exec(routeSegments[level] ?? '');
      if (!variable) return;
      const parent = mapped[i]!.join('/');
      const known = variableOf.get(parent);
      if (known !== undefined && known !== variable[1]) {
        throw new Error(
          `Routes under /${parent} name their path variable both {${known}} and {${variable[1]}}; ` +
            'API Gateway allows one variable per level, so use one name.',
        );
      }
      variableOf.set(parent, variable[1]!);
    });
    segments.forEach((routeSegments, i) => {
      const segment = routeSegments[level];
      if (segment === undefined) return;
      const parent = mapped[i]!.join('/');
      if (VARIABLE.test(segment) || PATH_PART.test(segment)) {
        mapped[i]!.push(segment);
        return;
      }
      const name = variableOf.get(parent) ?? variableNameFor(segment);
      variableOf.set(parent, name);
      pinned[i]![name] = segment;
      mapped[i]!.push(`{${name}}`);
    });
  }

  const result = routes.map((route, i) => ({
    route,
    path: `/${mapped[i]!.join('/')}`,
    pinned: pinned[i]!,
  }));

  // Routes that land on one resource must agree on its pinned values, and not share a method.
  const byPath = new Map<string, GatewayRoute[]>();
  for (const entry of result) byPath.set(entry.path, [...(byPath.get(entry.path) ?? []), entry]);
  for (const [path, entries] of byPath) {
    const pins = new Set(entries.map((entry) => JSON.stringify(Object.entries(entry.pinned).sort())));
    if (pins.size > 1) {
      throw new Error(
        `Routes ${entries.map((e) => e.route.path).join(', ')} would share the API Gateway resource ${path}.`,
      );
    }
    const methods = entries.map((entry) => entry.route.method);
    if (new Set(methods).size !== methods.length) {
      throw new Error(`Two routes have the same method on the API Gateway resource ${path}.`);
    }
  }
  return result;
}

const pinnedByResource = new Map<string, Readonly<Record<string, string>>>();

/**
 * The literals pinned on one resource for one method: those of the route of that method that
 * lands on it (gatewayRoutes has checked at synth that at most one does). Doing only this, for
 * the resource being asked about, keeps the whole mapping out of a cold start.
 */
const pinnedOn = (resource: string, method: string): Readonly<Record<string, string>> => {
  for (const route of routes) {
    if (route.method !== method) continue;
    const pinned = literalsOn(route.path, resource);
    if (pinned) return pinned;
  }
  return {};
};

/**
 * Whether the path variables of a request hold the literals pinned on its resource (`@me`);
 * true for resources with nothing pinned. `resource` is API Gateway's (`/v1/{me}/orders`). For
 * the token authorizer, which serves every pinned resource; a route's own function knows its
 * route's path and checks it without the table (`routeLiteralsHold`).
 */
export const pinnedSegmentsHold = (
  resource: string,
  method: string,
  pathParameters: Readonly<Record<string, string | undefined>>,
): boolean => {
  const key = `${method} ${resource}`;
  let pinned = pinnedByResource.get(key);
  if (!pinned) {
    pinned = pinnedOn(resource, method);
    pinnedByResource.set(key, pinned);
  }
  return Object.entries(pinned).every(([name, literal]) => pathParameters[name] === literal);
};
