import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#commons/clients/dynamodb';
import { batchWrite, deleteRequests, putRequests } from '#commons/store/batch-write';
import { conditionally } from '#commons/store/table-items';
import {
  activeVersionKey,
  chunkProgressKey,
  chunkProgressPartition,
  generationCounterKey,
  PUBLISH_RECORD_PREFIX,
  publishRecordKey,
  VERSION_RECORD_PREFIX,
  versionRecordKey,
} from '#functions/contracts/keys/catalogue-keys';
import { runLock } from '../domain/publish-lock';
import {
  type ActiveRecord,
  itemId,
  type PublishRecord,
  type PublishStore,
  type VersionItem,
  type VersionRecord,
} from '../services/publish-ports';
import { releaseLock, takeLock } from './publish-lock-item';

const get = async (key: Record<string, string>) =>
  (await documentClient.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true })))
    .Item;

const lockTable = () => ({ doc: documentClient, tableName: tableName() });

const strip = <T>({ pk: _pk, sk: _sk, ...rest }: Record<string, unknown>) => rest as T;

/** The publish workflow's writes (docs/decisions/catalogue-versions.md D48), with lib-dynamodb. */
export const dynamoDbPublishStore: PublishStore = {
  acquireLock: (publishId, kind, now) => takeLock(lockTable(), runLock(publishId, kind, now)),

  releaseLock: (publishId) => releaseLock(lockTable(), publishId),

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

  async versions() {
    const records: VersionRecord[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await documentClient.send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': activeVersionKey.pk, ':prefix': VERSION_RECORD_PREFIX },
          ConsistentRead: true,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      records.push(...(page.Items ?? []).map((item) => strip<VersionRecord>(item)));
      start = page.LastEvaluatedKey;
    } while (start);
    return records;
  },

  async nextGeneration() {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: generationCounterKey,
        UpdateExpression: 'ADD generation :one',
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Attributes?.generation as number;
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

  async existingItems(keys) {
    const found = new Set<string>();
    for (let i = 0; i < keys.length; i += 100) {
      let batch: Record<string, unknown>[] | undefined = keys
        .slice(i, i + 100)
        .map(({ pk, sk }) => ({ pk, sk }));
      while (batch && batch.length > 0) {
        const answer: BatchGetCommandOutput = await documentClient.send(
          new BatchGetCommand({
            RequestItems: { [tableName()]: { Keys: batch, ProjectionExpression: 'pk, sk' } },
          }),
        );
        for (const item of answer.Responses?.[tableName()] ?? []) found.add(itemId(item as VersionItem));
        batch = answer.UnprocessedKeys?.[tableName()]?.Keys;
      }
    }
    return found;
  },

  async addActiveCounts(version, added) {
    const names = Object.keys(added);
    if (names.length === 0) return;
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: activeVersionKey,
        UpdateExpression: `SET ${names
          .map((_, i) => `#counts.#n${i} = if_not_exists(#counts.#n${i}, :zero) + :n${i}`)
          .join(', ')}`,
        ConditionExpression: 'version = :version',
        ExpressionAttributeNames: {
          '#counts': 'counts',
          ...Object.fromEntries(names.map((name, i) => [`#n${i}`, name])),
        },
        ExpressionAttributeValues: {
          ':version': version,
          ':zero': 0,
          ...Object.fromEntries(names.map((name, i) => [`:n${i}`, added[name]])),
        },
      }),
    );
  },

  async putItems(items) {
    await batchWrite(documentClient, tableName(), putRequests(items), 8);
  },
};
