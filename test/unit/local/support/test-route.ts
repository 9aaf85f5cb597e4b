import type { Route } from '#functions/routes';

/** A route of a made-up table for the sandbox's gateway tests; its handler module is never loaded. */
export const testRoute = (
  name: string,
  method: Route['method'],
  path: string,
  access: Route['access'] = 'public',
): Route => ({ name, method, path, handler: `test/${name}`, access, table: [], summary: name });
