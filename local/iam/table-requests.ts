import {
  keyMatches,
  type TableAccess,
  type TableAction,
  type TableIndex,
} from '#functions/contracts/function-table-access';
import { tableSchema } from '#functions/contracts/table-schema';

/**
 * How IAM sees a DynamoDB request (docs/decisions/functions-and-bundles.md D53): the actions it is authorized as, each on
 * the table or an index, with the partition keys it touches (`dynamodb:LeadingKeys`). A
 * TransactWriteItems is authorized item by item (ConditionCheckItem, PutItem, UpdateItem,
 * DeleteItem). Reads both shapes of a request: the document client's (plain values) and the
 * low-level one's (`{"S": "…"}`), so the sandbox's middleware and the stores' unit tests share it.
 */
export interface AuthorizedPart {
  readonly action: TableAction | `dynamodb:${string}`;
  readonly index?: TableIndex;
  readonly keys: readonly string[];
}

// biome-ignore lint/suspicious/noExplicitAny: requests are read as JSON, in either shape.
type Json = any;

const value = (attribute: Json): string =>
  attribute && typeof attribute === 'object' && 'S' in attribute ? attribute.S : String(attribute);
const pkOf = (item: Json): string => value(item?.[tableSchema.partitionKey]);

const INDEX_BY_NAME = new Map(
  Object.entries(tableSchema.indexes).map(([key, index]) => [index.name, key as TableIndex]),
);

/** The partition key value a Query's key condition names (`#p = :p`), on the table or its index. */
function queriedKey(input: Json, index: TableIndex | undefined): string[] {
  const attribute = index ? tableSchema.indexes[index].partitionKey : tableSchema.partitionKey;
  for (const term of String(input.KeyConditionExpression ?? '').split(/\bAND\b/i)) {
    const equality = /^\s*\(?\s*([#\w]+)\s*=\s*(:\w+)\s*\)?\s*$/.exec(term);
    if (!equality) continue;
    const [, name, valueName] = equality;
    const resolved = name!.startsWith('#') ? input.ExpressionAttributeNames?.[name!] : name;
    if (resolved === attribute) return [value(input.ExpressionAttributeValues?.[valueName!])];
  }
  return [];
}

/** The command's name without `Command` and without the low-level client's `Item(s)`. */
const operation = (commandName: string) => commandName.replace(/Command$/, '').replace(/Items?$/, '');

/** What IAM authorizes a request as. */
export function authorizedParts(commandName: string, input: Json): AuthorizedPart[] {
  const op = operation(commandName);
  switch (op) {
    case 'Get':
    case 'Update':
    case 'Delete':
      return [{ action: `dynamodb:${op}Item`, keys: [pkOf(input.Key)] }];
    case 'Put':
      return [{ action: 'dynamodb:PutItem', keys: [pkOf(input.Item)] }];
    case 'Query': {
      const index = input.IndexName === undefined ? undefined : INDEX_BY_NAME.get(input.IndexName);
      return [{ action: 'dynamodb:Query', ...(index ? { index } : {}), keys: queriedKey(input, index) }];
    }
    case 'BatchGet':
      return [
        {
          action: 'dynamodb:BatchGetItem',
          keys: Object.values(input.RequestItems ?? {}).flatMap((table: Json) => table.Keys.map(pkOf)),
        },
      ];
    case 'BatchWrite':
      return [
        {
          action: 'dynamodb:BatchWriteItem',
          keys: Object.values(input.RequestItems ?? {}).flatMap((requests: Json) =>
            requests.map((r: Json) => (r.PutRequest ? pkOf(r.PutRequest.Item) : pkOf(r.DeleteRequest.Key))),
          ),
        },
      ];
    case 'TransactWrite':
      return (input.TransactItems ?? []).map((item: Json) => {
        if (item.ConditionCheck)
          return { action: 'dynamodb:ConditionCheckItem', keys: [pkOf(item.ConditionCheck.Key)] };
        if (item.Put) return { action: 'dynamodb:PutItem', keys: [pkOf(item.Put.Item)] };
        if (item.Update) return { action: 'dynamodb:UpdateItem', keys: [pkOf(item.Update.Key)] };
        return { action: 'dynamodb:DeleteItem', keys: [pkOf(item.Delete?.Key)] };
      });
    case 'TransactGet':
      return (input.TransactItems ?? []).map((item: Json) => ({
        action: 'dynamodb:GetItem',
        keys: [pkOf(item.Get.Key)],
      }));
    default:
      // Scan, table management, PartiQL: nothing grants them.
      return [{ action: `dynamodb:${op}`, keys: [] }];
  }
}

/** Whether one grant of the access allows this part: its action, on its target, every key matching a pattern. */
export const allowsPart = (access: TableAccess, part: AuthorizedPart): boolean =>
  access.some(
    (grant) =>
      (grant.actions as readonly string[]).includes(part.action) &&
      grant.index === part.index &&
      part.keys.length > 0 &&
      part.keys.every((key) => grant.leadingKeys.some((pattern) => keyMatches(pattern, key))),
  );

/** The parts of a request its access does not allow (empty: IAM would let it through). */
export const deniedParts = (access: TableAccess, commandName: string, input: Json): AuthorizedPart[] =>
  authorizedParts(commandName, input).filter((part) => !allowsPart(access, part));
