/**
 * A function's table access as data (docs/decisions/functions-and-bundles.md D53): what the stack turns into IAM statements
 * (lib/table-statements.ts, lib/api-function.ts, lib/smoke-access.ts) and what the sandbox checks each
 * request against (local/iam/table-requests.ts), read from the same lists the stores keep.
 */

export type { TableAccess, TableAction, TableIndex } from '#commons/table-access';
export { keyMatches, tableAccess } from '#commons/table-access';
