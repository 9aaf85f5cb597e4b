/**
 * What an API Gateway (REST) path is made of, with no route table behind it: the functions check
 * a request's path against these without loading the table (docs/decisions/tokens-and-rights.md D34).
 */

/** The base path every route is served under (spec: versioning rule 1). */
export const API_VERSION = 'v1';

/**
 * API Gateway path parts may hold only these characters, or be a `{variable}`: the service
 * refuses anything else at deploy and CDK refuses it at synth. The route table has literal
 * segments outside that set, `@me` (`/@me`, `/profile/@me`, `/users/@me/profile`).
 */
export const PATH_PART = /^[a-zA-Z0-9:._$-]+$/;
export const VARIABLE = /^\{([A-Za-z0-9_.-]+)\}$/;

/** A path's segments, without the empty ones its slashes leave. */
export const pathSegments = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

/**
 * The literals a route pins on an API Gateway resource, by variable name (`{ user_id: '@me' }` for
 * `/users/@me/profile` on `/v1/users/{user_id}/profile`), or undefined when the route does not
 * land on that resource. `routePath` is the route's path as the route table writes it.
 */
export const literalsOn = (
  routePath: string,
  resource: string,
): Readonly<Record<string, string>> | undefined => {
  const route = [API_VERSION, ...pathSegments(routePath)];
  const served = pathSegments(resource);
  if (route.length !== served.length) return undefined;
  const pinned: Record<string, string> = {};
  for (const [i, segment] of route.entries()) {
    if (segment === served[i]) continue;
    // Only a literal API Gateway cannot name may stand where the resource has a variable.
    const variable = VARIABLE.exec(served[i]!);
    if (!variable || VARIABLE.test(segment) || PATH_PART.test(segment)) return undefined;
    pinned[variable[1]!] = segment;
  }
  return pinned;
};

/**
 * Whether a request holds the literals of its route where API Gateway has a path variable
 * (`@me` on `/v1/users/{user_id}/profile`); a route whose path API Gateway can name holds
 * trivially.
 */
export const routeLiteralsHold = (
  routePath: string,
  resource: string,
  pathParameters: Readonly<Record<string, string | undefined>>,
): boolean => {
  const pinned = literalsOn(routePath, resource);
  return (
    pinned !== undefined &&
    Object.entries(pinned).every(([name, literal]) => pathParameters[name] === literal)
  );
};
