import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { tableSchema } from '#functions/contracts/table-schema';
import { documentClient, tableName } from '../clients/dynamodb';
import { readMeter } from '../read-meter';

/** Small helpers over the one table, shared by every adapter; each counts the items it reads. */
export type Item = Record<string, unknown>;

export const getItem = async (key: Item): Promise<Item | undefined> => {
  const { Item: item } = await documentClient.send(new GetCommand({ TableName: tableName(), Key: key }));
  readMeter.add(item ? 1 : 0);
  return item;
};

/**
 * The items at these keys (at most 100), in one BatchGetItem; keys DynamoDB leaves unprocessed
 * are asked again. Items come back in no particular order.
 */
export const getItems = async (keys: readonly Item[]): Promise<Item[]> => {
  const found: Item[] = [];
  let pending: Item[] | undefined = [...keys];
  while (pending && pending.length > 0) {
    const { Responses, UnprocessedKeys }: BatchGetCommandOutput = await documentClient.send(
      new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }),
    );
    const items = Responses?.[tableName()] ?? [];
    readMeter.add(items.length);
    found.push(...items);
    pending = UnprocessedKeys?.[tableName()]?.Keys;
  }
  return found;
};

/** Runs a conditional write; false when its condition did not hold (a repeat, or a state that forbids it). */
export const conditionally = async (write: () => Promise<unknown>): Promise<boolean> => {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** Writes a new item at `key`; throws ConditionalCheckFailedException if one is there already. */
export const putNewItem = async (key: Item, record: object): Promise<void> => {
  await documentClient.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key, ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
};

export const queryItems = async (input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> => {
  const { Items = [], ScannedCount } = await documentClient.send(
    new QueryCommand({ TableName: tableName(), ...input }),
  );
  readMeter.add(ScannedCount);
  return Items;
};

/**
 * Every item a Query matches, page after page, up to `max` items: the caller learns that there
 * were more (`truncated`) without the rest being read.
 */
export const queryAll = async (
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
  max: number,
): Promise<{ items: Item[]; truncated: boolean }> => {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        ...input,
        Limit: max + 1 - items.length,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    readMeter.add(page.ScannedCount);
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && items.length <= max);
  return items.length > max ? { items: items.slice(0, max), truncated: true } : { items, truncated: false };
};

/** The stored attributes without the table's own keys: what the domain record was. */
export const withoutKeys = ({ pk: _pk, sk: _sk, list: _list, position: _position, ...rest }: Item): Item =>
  rest;

const byPosition = tableSchema.indexes.byPosition;

/** Items at positions `from`..`to` (inclusive) of an ordered list: a page, read without its predecessors. */
export const readPositions = (list: string, from: number, to: number) =>
  queryItems({
    IndexName: byPosition.name,
    KeyConditionExpression: '#list = :list AND #position BETWEEN :from AND :to',
    ExpressionAttributeNames: { '#list': byPosition.partitionKey, '#position': byPosition.sortKey },
    ExpressionAttributeValues: { ':list': list, ':from': from, ':to': to },
  });

/** The last item of an ordered list (its position is the list's length), or undefined when empty. */
export const lastOfList = async (list: string): Promise<Item | undefined> => {
  const [item] = await queryItems({
    IndexName: byPosition.name,
    KeyConditionExpression: '#list = :list',
    ExpressionAttributeNames: { '#list': byPosition.partitionKey },
    ExpressionAttributeValues: { ':list': list },
    ScanIndexForward: false,
    Limit: 1,
  });
  return item;
};
