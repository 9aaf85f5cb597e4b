import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { QueryCommand } from '@aws-sdk/client-dynamodb';
import { QueryCommand as DocQuery, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynaliteAbstractLevels } from '#local/dynalite-iterators';
import type { LocalDynamoDb } from '#local/local-dynamodb';
import { startLocalTable } from '../support/local-table';

/**
 * docs/decisions/sandbox-and-tools.md D81: every Query and Scan of dynalite 4.0.0 left a LevelDB iterator open, which
 * pinned what the store held at its moment (memory and table files), until a restart. Counted
 * here where the store keeps them, abstract-level's resources of a database.
 */
const TableName = 'iterators-test';
const open = new Set<object>();
const isIterator = (resource: object) => typeof (resource as { next?: unknown }).next === 'function';
const restore: (() => void)[] = [];

let stateDir: string;
let dynamodb: LocalDynamoDb;
let client: DynamoDBDocumentClient;

beforeAll(async () => {
  for (const { AbstractLevel } of dynaliteAbstractLevels()) {
    const { attachResource, detachResource } = AbstractLevel.prototype;
    AbstractLevel.prototype.attachResource = function (resource) {
      if (isIterator(resource)) open.add(resource);
      return attachResource.call(this, resource);
    };
    AbstractLevel.prototype.detachResource = function (resource) {
      open.delete(resource);
      return detachResource.call(this, resource);
    };
    restore.push(() => Object.assign(AbstractLevel.prototype, { attachResource, detachResource }));
  }
  stateDir = mkdtempSync(path.join(tmpdir(), 'commerce-api-iterators-'));
  // On disk, as the sandbox keeps its state (LevelDB through classic-level).
  dynamodb = await startLocalTable(TableName, { path: stateDir });
  client = DynamoDBDocumentClient.from(dynamodb.client);
  for (let i = 0; i < 30; i++) {
    await client.send(
      new PutCommand({ TableName, Item: { pk: 'list', sk: `item-${String(i).padStart(2, '0')}` } }),
    );
  }
});

afterAll(async () => {
  await dynamodb?.close();
  for (const undo of restore) undo();
  rmSync(stateDir, { recursive: true, force: true });
});

const settled = async () => {
  // A stream closes its iterator once its end has been read: a few turns of the event loop.
  for (let i = 0; i < 20 && open.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return open.size;
};

describe("the sandbox's DynamoDB (dynalite) after reads", () => {
  it('keeps no LevelDB iterator open once a query has answered, whole or cut by its Limit', async () => {
    for (let i = 0; i < 25; i++) {
      const { Items } = await client.send(
        new DocQuery({
          TableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': 'list' },
        }),
      );
      expect(Items).toHaveLength(30);
      const page = await dynamodb.client.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': { S: 'list' } },
          Limit: 5,
        }),
      );
      expect(page.Items).toHaveLength(5);
    }
    expect(await settled()).toBe(0);
  });
});
