/**
 * What an API Gateway (REST) path is made of, with no route table behind it: the functions check
 * a request's path against these without loading the table (docs/design.md D34).
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
 * Whether a request holds the literals of its route where API Gateway has a path variable
 * (`@me` on `/v1/users/{user_id}/profile`): `routePath` is the route's path as the route table
 * writes it (`/users/@me/profile`), `resource` API Gateway's. A route whose path API Gateway can
 * name holds trivially.
 */
export const routeLiteralsHold = (
  routePath: string,
  resource: string,
  pathParameters: Readonly<Record<string, string | undefined>>,
): boolean => {
  const route = [API_VERSION, ...pathSegments(routePath)];
  const served = pathSegments(resource);
  if (route.length !== served.length) return false;
  return route.every((segment, i) => {
    const variable = VARIABLE.exec(served[i]!);
    if (!variable) return segment === served[i];
    return VARIABLE.test(segment) || pathParameters[variable[1]!] === segment;
  });
};
