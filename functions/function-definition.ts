/**
 * What every function of a stage is to the stack and the sandbox: a name, the module that exports
 * its handler, and what it may do to the table. A route (functions/routes.ts) is one with an HTTP
 * method and path besides; the other functions are listed in functions/function-registry.ts.
 */
import type { TableAccess } from '#commons/table-access';

export interface FunctionSpec {
  readonly name: string;
  /** Module under `functions/`, without extension, that exports `handler`. */
  readonly handler: string;
  /** What it may do to the table, as `Route.table`; nothing when left out. */
  readonly table?: TableAccess;
}
