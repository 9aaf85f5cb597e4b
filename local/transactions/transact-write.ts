import { type DynamoDbCall, DynamoDbError } from './dynamodb-call';

/** An attribute value in DynamoDB's JSON (`{ "S": "..." }`), as the front passes it on. */
type AttributeValue = Record<string, unknown>;
type Item = Record<string, AttributeValue>;
type Expression = {
  TableName: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
};

/** One element of TransactItems, as the DynamoDB JSON protocol carries it. */
export interface TransactItem {
  Put?: Expression & { Item: Item };
  Update?: Expression & { Key: Item; UpdateExpression: string };
  Delete?: Expression & { Key: Item };
  ConditionCheck?: Expression & { Key: Item; ConditionExpression: string };
}

const MAX_ITEMS = 100;

/** The key attributes of each table, read once. */
const keyNames = new Map<string, Promise<string[]>>();
const keyOf = async (call: DynamoDbCall, tableName: string, item: Item): Promise<Item> => {
  let names = keyNames.get(tableName);
  if (!names) {
    names = call('DescribeTable', { TableName: tableName }).then(({ Table }) =>
      ((Table as { KeySchema?: { AttributeName: string }[] } | undefined)?.KeySchema ?? []).map(
        (k) => k.AttributeName,
      ),
    );
    keyNames.set(tableName, names);
  }
  return Object.fromEntries((await names).map((name) => [name, item[name]!]));
};

const conditionOf = (e: Expression) => ({
  TableName: e.TableName,
  ...(e.ConditionExpression ? { ConditionExpression: e.ConditionExpression } : {}),
  ...(e.ExpressionAttributeNames ? { ExpressionAttributeNames: e.ExpressionAttributeNames } : {}),
  ...(e.ExpressionAttributeValues ? { ExpressionAttributeValues: e.ExpressionAttributeValues } : {}),
});

/** What to write back to undo an applied item: its old image, or nothing (delete) when it was absent. */
interface Undo {
  readonly tableName: string;
  readonly key: Item;
  readonly old: Item | undefined;
}

/** The item as it was before a write with `ReturnValues: ALL_OLD`; undefined where there was none. */
const oldImage = (answer: Record<string, unknown>) => answer.Attributes as Item | undefined;

/** Applies one item with its condition; answers how to undo it. */
async function apply(call: DynamoDbCall, item: TransactItem): Promise<Undo> {
  if (item.Put) {
    const answer = await call('PutItem', {
      ...conditionOf(item.Put),
      Item: item.Put.Item,
      ReturnValues: 'ALL_OLD',
    });
    return {
      tableName: item.Put.TableName,
      key: await keyOf(call, item.Put.TableName, item.Put.Item),
      old: oldImage(answer),
    };
  }
  if (item.Update) {
    const answer = await call('UpdateItem', {
      ...conditionOf(item.Update),
      Key: item.Update.Key,
      UpdateExpression: item.Update.UpdateExpression,
      ReturnValues: 'ALL_OLD',
    });
    return { tableName: item.Update.TableName, key: item.Update.Key, old: oldImage(answer) };
  }
  if (item.Delete) {
    const answer = await call('DeleteItem', {
      ...conditionOf(item.Delete),
      Key: item.Delete.Key,
      ReturnValues: 'ALL_OLD',
    });
    return { tableName: item.Delete.TableName, key: item.Delete.Key, old: oldImage(answer) };
  }
  // A condition check writes nothing: an update without actions checks the condition (and, where
  // there was no item, makes an empty one, which the undo removes at once).
  const check = item.ConditionCheck!;
  const old = oldImage(
    await call('UpdateItem', { ...conditionOf(check), Key: check.Key, ReturnValues: 'ALL_OLD' }),
  );
  if (!old) await undo(call, { tableName: check.TableName, key: check.Key, old: undefined });
  return { tableName: check.TableName, key: check.Key, old: old ?? {} };
}

async function undo(call: DynamoDbCall, { tableName, key, old }: Undo): Promise<void> {
  if (old === undefined) await call('DeleteItem', { TableName: tableName, Key: key });
  else if (Object.keys(old).length > 0) await call('PutItem', { TableName: tableName, Item: old });
}

const keyText = (tableName: string, key: Item) => `${tableName} ${JSON.stringify(key)}`;

/**
 * TransactWriteItems on a DynamoDB without transactions (dynalite): the items are applied one by
 * one with their conditions, and when one's condition fails those applied before it are put back
 * as they were, so the call changes all of its items or none. The caller runs it while no other
 * request reaches the table (transaction-front.ts), which makes it isolated too. The answer is
 * DynamoDB's: TransactionCanceledException with one reason per item (ConditionalCheckFailed for
 * the failing one, None for the others; AWS would also evaluate the items after it).
 */
export async function transactWrite(call: DynamoDbCall, input: { TransactItems?: unknown }): Promise<void> {
  const items = input.TransactItems;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ITEMS) {
    throw new DynamoDbError('ValidationException', `TransactItems must hold 1 to ${MAX_ITEMS} items`);
  }
  const seen = new Set<string>();
  for (const item of items as TransactItem[]) {
    const actions = [item.Put, item.Update, item.Delete, item.ConditionCheck].filter(Boolean);
    if (actions.length !== 1) {
      throw new DynamoDbError('ValidationException', 'Each TransactItem holds exactly one action');
    }
    const target = actions[0]!;
    const key =
      'Item' in target ? await keyOf(call, target.TableName, target.Item) : (target as { Key: Item }).Key;
    const text = keyText(target.TableName, key);
    if (seen.has(text)) {
      throw new DynamoDbError(
        'ValidationException',
        'Transaction request cannot include multiple operations on one item',
      );
    }
    seen.add(text);
  }
  const applied: Undo[] = [];
  for (const [index, item] of (items as TransactItem[]).entries()) {
    try {
      applied.push(await apply(call, item));
    } catch (error) {
      for (const done of applied.reverse()) await undo(call, done);
      if (!(error instanceof DynamoDbError && error.type === 'ConditionalCheckFailedException')) throw error;
      const reasons = items.map((_, i) =>
        i === index
          ? { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' }
          : { Code: 'None' },
      );
      throw new DynamoDbError(
        'TransactionCanceledException',
        `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
        reasons,
      );
    }
  }
}
