/**
 * The publish store against a mocked DynamoDB client: every request it sends is one of the
 * actions the stack grants the publish task (PUBLISH_TABLE_ACTIONS), on a key the grant's
 * LeadingKeys allow. The infra test checks the grant; this checks the code stays inside it.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import {
  CATALOGUE_LEADING_KEYS,
  PUBLISH_TABLE_ACTIONS,
} from '../../../functions/catalogue/store/catalogue-access';
import { dynamoDbPublishStore as store } from '../../../functions/catalogue/store/dynamodb-publish-store';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';

const ACTION_OF: Record<string, string> = {
  GetCommand: 'dynamodb:GetItem',
  PutCommand: 'dynamodb:PutItem',
  UpdateCommand: 'dynamodb:UpdateItem',
  DeleteCommand: 'dynamodb:DeleteItem',
  QueryCommand: 'dynamodb:Query',
  BatchWriteCommand: 'dynamodb:BatchWriteItem',
  BatchGetCommand: 'dynamodb:BatchGetItem',
};

/** The partition keys a request names: its Key, Item, key condition value, or batch entries. */
// biome-ignore lint/suspicious/noExplicitAny: commands' inputs are read as JSON.
type Json = any;
const partitionKeys = (input: Json): string[] => {
  const keys: string[] = [];
  if (input.Key) keys.push(input.Key.pk);
  if (input.Item) keys.push(input.Item.pk);
  if (input.ExpressionAttributeValues?.[':pk']) keys.push(input.ExpressionAttributeValues[':pk']);
  for (const table of Object.values(input.RequestItems ?? {}) as Json[]) {
    if (Array.isArray(table)) {
      for (const r of table) keys.push(r.PutRequest ? r.PutRequest.Item.pk : r.DeleteRequest.Key.pk);
    } else {
      for (const key of table.Keys) keys.push(key.pk);
    }
  }
  return keys;
};
const allowed = (pk: string) =>
  CATALOGUE_LEADING_KEYS.some((pattern) =>
    pattern.endsWith('*') ? pk.startsWith(pattern.slice(0, -1)) : pk === pattern,
  );

describe('the publish store', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({ Attributes: { files: 2 } });
    dynamo.on(DeleteCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [{ pk: 'CAT#v1#CHUNKS', sk: 'CHUNK#000001' }] });
    dynamo.on(BatchWriteCommand).resolves({});
    dynamo.on(BatchGetCommand).resolves({ Responses: { 'commerce-test': [{ id: 1 }] } });
  });

  it('sends only the granted actions, on catalogue keys only, in every step', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    await store.acquireLock('p1', 'catalogue', now);
    await store.releaseLock('p1');
    await store.active();
    await store.putRecord({
      publishId: 'p1',
      kind: 'catalogue',
      status: 'RUNNING',
      startedAt: now.toISOString(),
    });
    await store.record('p1');
    await store.records(5);
    await store.putVersion({ version: 'v1', files: 1 });
    await store.version('v1');
    await store.addVersionFile('v1');
    const items = Array.from({ length: 60 }, (_, i) => ({ pk: `CAT#v1#PRODUCT#${i}`, sk: 'PRODUCT' }));
    expect(await store.writeChunk('v1', 1, items, 25)).toBe(60);
    await store.switchActive(
      { version: 'v1', publishedAt: now.toISOString(), publishId: 'p1', counts: {} },
      undefined,
    );
    await store.deleteItems(items);
    await store.deleteVersion('v1');
    expect(await store.existingProducts('v1', [1, 2])).toEqual(new Set([1]));
    await store.putItems(items);

    const calls = dynamo.calls();
    expect(calls.length).toBeGreaterThan(15);
    for (const call of calls) {
      const command = call.args[0];
      expect(PUBLISH_TABLE_ACTIONS).toContain(ACTION_OF[command.constructor.name]);
      for (const pk of partitionKeys(command.input)) expect([pk, allowed(pk)]).toEqual([pk, true]);
    }
  });

  it('resumes a chunk after the last progress it recorded, and writes nothing for a finished one', async () => {
    const items = Array.from({ length: 60 }, (_, i) => ({ pk: `CAT#v1#PRODUCT#${i}`, sk: 'PRODUCT' }));
    dynamo.on(GetCommand).resolves({ Item: { written: 50 } });
    expect(await store.writeChunk('v1', 1, items, 25)).toBe(10);
    const written = dynamo
      .commandCalls(BatchWriteCommand)
      .flatMap((c) => Object.values(c.args[0].input.RequestItems!)[0]!);
    expect(written.map((r) => r.PutRequest!.Item!.pk)).toEqual(items.slice(50).map((i) => i.pk));
    dynamo.resetHistory();
    dynamo.on(GetCommand).resolves({ Item: { written: 60 } });
    expect(await store.writeChunk('v1', 1, items, 25)).toBe(0);
    expect(dynamo.commandCalls(BatchWriteCommand)).toEqual([]);
  });
});
