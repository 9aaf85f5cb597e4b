/**
 * The publish store against a mocked DynamoDB client: every request it sends is within the
 * grant the stack gives the publish task (publishStoreAccess): its actions, on catalogue keys. The infra test checks the grant; this checks the code stays inside it.
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
import { publishStoreAccess } from '#functions/catalogue/store/catalogue-access';
import { dynamoDbPublishStore as store } from '#functions/catalogue/store/dynamodb-publish-store';
import { requestsWithin } from '../support/table-requests-within';

const dynamo = mockClient(DynamoDBDocumentClient);
process.env.TABLE_NAME = 'commerce-test';

describe('the publish store', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    dynamo.on(UpdateCommand).resolves({ Attributes: { files: 2 } });
    dynamo.on(DeleteCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [{ pk: 'CAT#v1#CHUNKS', sk: 'CHUNK#000001' }] });
    dynamo.on(BatchWriteCommand).resolves({});
    dynamo.on(BatchGetCommand).resolves({
      Responses: { 'commerce-test': [{ pk: 'CAT#v1#PRODUCT#1', sk: 'PRODUCT' }] },
    });
  });

  it('sends only the granted actions, on catalogue keys only, in every step', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const parts = await requestsWithin(dynamo, publishStoreAccess, async () => {
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
      expect(
        await store.existingItems([
          { pk: 'CAT#v1#PRODUCT#1', sk: 'PRODUCT' },
          { pk: 'CAT#v1#PRODUCT#2', sk: 'PRODUCT' },
        ]),
      ).toEqual(new Set(['CAT#v1#PRODUCT#1|PRODUCT']));
      await store.addActiveCounts('v1', { stocks: 1, items: 1 });
      await store.putItems(items);
    });
    expect(parts.length).toBeGreaterThan(15);
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
