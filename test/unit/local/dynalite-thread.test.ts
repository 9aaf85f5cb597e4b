import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { listenOnLoopback } from '#local/listen';
import { startDynamoDb } from '#local/local-dynamodb';
import { startLocalTable } from '../support/local-table';

/**
 * docs/decisions/sandbox-and-tools.md D81: the sandbox's dynalite serves from a worker thread of
 * its own, so a publish's writes take another core than the API's readers. What the sandbox's
 * user relies on stays: the table keeps its items across a restart, a stop releases the store,
 * and a port in use is refused at start. The DynamoDB front serves in the same thread (D99).
 */
const TableName = 'thread-test';
let stateDir: string;

beforeAll(() => {
  stateDir = mkdtempSync(path.join(tmpdir(), 'commerce-api-dynalite-thread-'));
});
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

describe('dynalite in a thread of its own', () => {
  it('serves the table, and a restart on the same directory finds what was written', async () => {
    expect(isMainThread).toBe(true);
    const first = await startLocalTable(TableName, { path: stateDir, thread: true });
    try {
      const doc = DynamoDBDocumentClient.from(first.client);
      await doc.send(new PutCommand({ TableName, Item: { pk: 'P#1', sk: 'A', label: 'kept' } }));
    } finally {
      await first.close();
    }
    // The first one's close released the LevelDB store: another may open the directory.
    const second = await startDynamoDb({ path: stateDir, thread: true });
    try {
      const doc = DynamoDBDocumentClient.from(second.client);
      const { Item } = await doc.send(new GetCommand({ TableName, Key: { pk: 'P#1', sk: 'A' } }));
      expect(Item).toEqual({ pk: 'P#1', sk: 'A', label: 'kept' });
    } finally {
      await second.close();
      // Asked twice (a signal and the normal exit), it closes once.
      await second.close();
    }
  });

  it('serves through the DynamoDB front in its thread: transactions, and the front counts what passed (D99)', async () => {
    const dynamodb = await startLocalTable(TableName, { thread: true });
    try {
      const doc = DynamoDBDocumentClient.from(dynamodb.client);
      await doc.send(new PutCommand({ TableName, Item: { pk: 'U#1', sk: 'A' } }));
      await doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName,
                Key: { pk: 'U#1', sk: 'A' },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            {
              Put: {
                TableName,
                Item: { pk: 'O#1', sk: 'A', n: 1 },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
      // A failed condition cancels the whole transaction, as DynamoDB does.
      await expect(
        doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName, Item: { pk: 'O#2', sk: 'A' } } },
              {
                Put: {
                  TableName,
                  Item: { pk: 'O#1', sk: 'A' },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        ),
      ).rejects.toBeInstanceOf(TransactionCanceledException);
      const get = async (pk: string) =>
        (await doc.send(new GetCommand({ TableName, Key: { pk, sk: 'A' } }))).Item;
      expect(await get('O#1')).toEqual({ pk: 'O#1', sk: 'A', n: 1 });
      expect(await get('O#2')).toBeUndefined();
      dynamodb.front!.noteRead();
      const counters = await dynamodb.front!.counters();
      // Sent on to dynalite one by one: the items of both transactions and the undo of the second.
      expect(counters.requests).toMatchObject({ PutItem: 4, UpdateItem: 1, DeleteItem: 1, GetItem: 2 });
      // Items as the functions sent them: the failed transaction's two puts count, as DynamoDB bills them.
      expect(counters.items).toMatchObject({ written: 4, deleted: 0 });
    } finally {
      await dynamodb.close();
    }
  });

  it('refuses a port in use at start, and leaves no thread behind', async () => {
    const taken = createServer();
    const port = await listenOnLoopback(taken, 0);
    try {
      await expect(startDynamoDb({ port, thread: true })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      taken.close();
    }
  });
});
