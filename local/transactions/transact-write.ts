import {
  type AttributeValue,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';

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

/** An error DynamoDB answers with `__type` (and, for a cancelled transaction, its reasons). */
export class DynamoDbError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly cancellationReasons?: readonly { Code: string; Message?: string }[],
  ) {
    super(message);
  }
}

const MAX_ITEMS = 100;

/** The key attributes of each table, read once. */
const keyNames = new Map<string, Promise<string[]>>();
const keyOf = async (client: DynamoDBClient, tableName: string, item: Item): Promise<Item> => {
  let names = keyNames.get(tableName);
  if (!names) {
    names = client
      .send(new DescribeTableCommand({ TableName: tableName }))
      .then(({ Table }) => (Table?.KeySchema ?? []).map((k) => k.AttributeName!));
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

/** Applies one item with its condition; answers how to undo it. */
async function apply(client: DynamoDBClient, item: TransactItem): Promise<Undo> {
  if (item.Put) {
    const { Attributes } = await client.send(
      new PutItemCommand({ ...conditionOf(item.Put), Item: item.Put.Item, ReturnValues: 'ALL_OLD' }),
    );
    return {
      tableName: item.Put.TableName,
      key: await keyOf(client, item.Put.TableName, item.Put.Item),
      old: Attributes,
    };
  }
  if (item.Update) {
    const { Attributes } = await client.send(
      new UpdateItemCommand({
        ...conditionOf(item.Update),
        Key: item.Update.Key,
        UpdateExpression: item.Update.UpdateExpression,
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { tableName: item.Update.TableName, key: item.Update.Key, old: Attributes };
  }
  if (item.Delete) {
    const { Attributes } = await client.send(
      new DeleteItemCommand({ ...conditionOf(item.Delete), Key: item.Delete.Key, ReturnValues: 'ALL_OLD' }),
    );
    return { tableName: item.Delete.TableName, key: item.Delete.Key, old: Attributes };
  }
  // A condition check writes nothing: an update without actions checks the condition (and, where
  // there was no item, makes an empty one, which the undo removes at once).
  const check = item.ConditionCheck!;
  const { Attributes } = await client.send(
    new UpdateItemCommand({ ...conditionOf(check), Key: check.Key, ReturnValues: 'ALL_OLD' }),
  );
  if (!Attributes) await undo(client, { tableName: check.TableName, key: check.Key, old: undefined });
  return { tableName: check.TableName, key: check.Key, old: Attributes ?? ({} as Item) };
}

async function undo(client: DynamoDBClient, { tableName, key, old }: Undo): Promise<void> {
  if (old === undefined) await client.send(new DeleteItemCommand({ TableName: tableName, Key: key }));
  else if (Object.keys(old).length > 0)
    await client.send(new PutItemCommand({ TableName: tableName, Item: old }));
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
export async function transactWrite(
  client: DynamoDBClient,
  input: { TransactItems?: unknown },
): Promise<void> {
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
      'Item' in target ? await keyOf(client, target.TableName, target.Item) : (target as { Key: Item }).Key;
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
      applied.push(await apply(client, item));
    } catch (error) {
      for (const done of applied.reverse()) await undo(client, done);
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
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
