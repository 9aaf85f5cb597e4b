import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#commons/clients/dynamodb';
import { batchWrite, deleteRequests, putRequests } from '#commons/store/batch-write';
import { conditionally } from '#commons/store/table-items';
import { PUBLISH_TIMING } from '../domain/catalogue-publishing';
import type {
  ActiveRecord,
  LockHolder,
  PublishRecord,
  PublishStore,
  VersionRecord,
} from '../services/publish-ports';
import {
  activeVersionKey,
  chunkProgressKey,
  chunkProgressPartition,
  PUBLISH_RECORD_PREFIX,
  productKey,
  publishLockKey,
  publishRecordKey,
  versionRecordKey,
} from './catalogue-keys';

const get = async (key: Record<string, string>) =>
  (await documentClient.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true })))
    .Item;

const strip = <T>({ pk: _pk, sk: _sk, ...rest }: Record<string, unknown>) => rest as T;

/** The publish workflow's writes (docs/design.md D48), with lib-dynamodb. */
export const dynamoDbPublishStore: PublishStore = {
  async acquireLock(publishId, kind, now) {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const taken = await conditionally(() =>
      documentClient.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...publishLockKey,
            publishId,
            kind,
            since: now.toISOString(),
            expiresAt: nowSeconds + PUBLISH_TIMING.lockSeconds,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now OR publishId = :id',
          ExpressionAttributeValues: { ':now': nowSeconds, ':id': publishId },
        }),
      ),
    );
    if (taken) return undefined;
    const holder = await get(publishLockKey);
    // Released between the two reads: the caller may try again, but saying busy is the truth a moment ago.
    return holder ? strip<LockHolder>(holder) : { publishId: 'unknown', kind, since: now.toISOString() };
  },

  async releaseLock(publishId) {
    await conditionally(() =>
      documentClient.send(
        new DeleteCommand({
          TableName: tableName(),
          Key: publishLockKey,
          ConditionExpression: 'publishId = :id',
          ExpressionAttributeValues: { ':id': publishId },
        }),
      ),
    );
  },

  async active() {
    const item = await get(activeVersionKey);
    return item ? strip<ActiveRecord>(item) : undefined;
  },

  async putRecord(record) {
    await documentClient.send(
      new PutCommand({ TableName: tableName(), Item: { ...publishRecordKey(record.publishId), ...record } }),
    );
  },

  async record(publishId) {
    const item = await get(publishRecordKey(publishId));
    return item ? strip<PublishRecord>(item) : undefined;
  },

  async records(limit) {
    const { Items = [] } = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': activeVersionKey.pk, ':prefix': PUBLISH_RECORD_PREFIX },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return Items.map((item) => strip<PublishRecord>(item));
  },

  async putVersion(record) {
    await documentClient.send(
      new PutCommand({ TableName: tableName(), Item: { ...versionRecordKey(record.version), ...record } }),
    );
  },

  async version(version) {
    const item = await get(versionRecordKey(version));
    return item ? strip<VersionRecord>(item) : undefined;
  },

  async addVersionFile(version) {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: versionRecordKey(version),
        UpdateExpression: 'ADD files :one SET version = :version',
        ExpressionAttributeValues: { ':one': 1, ':version': version },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Attributes?.files as number;
  },

  async writeChunk(version, chunk, items, progressEvery) {
    const key = chunkProgressKey(version, chunk);
    const from = ((await get(key))?.written as number | undefined) ?? 0;
    for (let start = from; start < items.length; start += progressEvery) {
      const end = Math.min(items.length, start + progressEvery);
      await batchWrite(documentClient, tableName(), putRequests(items.slice(start, end)), 8);
      await documentClient.send(new PutCommand({ TableName: tableName(), Item: { ...key, written: end } }));
    }
    return Math.max(0, items.length - from);
  },

  async switchActive(active, expected) {
    return conditionally(() =>
      documentClient.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...activeVersionKey, ...active, ...(expected ? { previous: expected } : {}) },
          ConditionExpression: expected ? 'version = :expected' : 'attribute_not_exists(pk)',
          ...(expected ? { ExpressionAttributeValues: { ':expected': expected } } : {}),
        }),
      ),
    );
  },

  async deleteItems(keys) {
    await batchWrite(documentClient, tableName(), deleteRequests(keys), 8);
  },

  async deleteVersion(version) {
    const { Items = [] } = await documentClient.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': chunkProgressPartition(version) },
        ProjectionExpression: 'pk, sk',
      }),
    );
    await batchWrite(
      documentClient,
      tableName(),
      deleteRequests([...Items, versionRecordKey(version)] as never),
      4,
    );
  },

  async existingProducts(version, ids) {
    const found = new Set<number>();
    for (let i = 0; i < ids.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = ids
        .slice(i, i + 100)
        .map((id) => productKey(version, id));
      while (keys && keys.length > 0) {
        const answer: BatchGetCommandOutput = await documentClient.send(
          new BatchGetCommand({
            RequestItems: { [tableName()]: { Keys: keys, ProjectionExpression: 'id' } },
          }),
        );
        for (const item of answer.Responses?.[tableName()] ?? []) found.add(item.id as number);
        keys = answer.UnprocessedKeys?.[tableName()]?.Keys;
      }
    }
    return found;
  },

  async putItems(items) {
    await batchWrite(documentClient, tableName(), putRequests(items), 8);
  },
};
