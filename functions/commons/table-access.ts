/**
 * What a function may do to the table, as data (docs/decisions/functions-and-bundles.md D53): each store lists, next to
 * its code, the grant each of its operations needs; the route table (functions/routes.ts) and the
 * function registry (functions/function-registry.ts) give each function the grants of the operations it calls; the stack turns them into IAM statements
 * (lib/table-statements.ts), and the sandbox refuses any request outside them, as IAM would
 * (local/iam/). No AWS import: the route table, the registry, the stack and the sandbox all read it.
 */
import type { tableSchema } from '#functions/contracts/table-schema';

/** The DynamoDB actions our stores call (TransactWriteItems is authorized item by item as these). */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:ConditionCheckItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:BatchWriteItem';

export type TableIndex = keyof typeof tableSchema.indexes;

/**
 * One IAM statement: these actions, on the table or on one of its indexes, on items whose
 * partition key (the index's, on an index) matches one of these IAM `StringLike` patterns
 * (`*` any characters, `?` one): `dynamodb:LeadingKeys`.
 */
export interface TableGrant {
  readonly actions: readonly TableAction[];
  readonly leadingKeys: readonly string[];
  /** Query on this index; the table itself when left out. */
  readonly index?: TableIndex;
}

/** What a function, or one store operation, may do: a list of grants. */
export type TableAccess = readonly TableGrant[];

const sorted = <T extends string>(values: Iterable<T>): T[] => [...new Set(values)].sort();

/**
 * A function's access from its operations' grants: grants on the same target with the same
 * key patterns become one, with their actions together; sorted, so a list reads the same
 * however it was put together.
 */
export function tableAccess(...parts: readonly TableAccess[]): TableAccess {
  const byTarget = new Map<
    string,
    { index?: TableIndex; leadingKeys: string[]; actions: Set<TableAction> }
  >();
  for (const grant of parts.flat()) {
    const leadingKeys = sorted(grant.leadingKeys);
    const id = `${grant.index ?? ''} ${leadingKeys.join(' ')}`;
    const entry = byTarget.get(id) ?? {
      ...(grant.index ? { index: grant.index } : {}),
      leadingKeys,
      actions: new Set<TableAction>(),
    };
    for (const action of grant.actions) entry.actions.add(action);
    byTarget.set(id, entry);
  }
  return (
    [...byTarget.entries()]
      // Code-unit order, not localeCompare: its first call loads ICU's collation, about 7 ms of
      // every function's cold start (the route table builds these lists at import).
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, { actions, ...rest }]) => ({ ...rest, actions: sorted(actions) }))
  );
}

/** Whether a partition key matches an IAM `StringLike` pattern (`*` any characters, `?` one). */
export const keyMatches = (pattern: string, key: string): boolean =>
  new RegExp(
    `^${pattern
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
    's',
  ).test(key);
