import { gunzipSync } from 'node:zlib';
import { GetObjectCommand, NoSuchKey } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Catalogue } from '#functions/contracts/catalogue-file-format';
import { layoutOf } from '#functions/contracts/catalogue-publish-steps';
import type {
  ActiveRecord,
  LockHolder,
  PublishRecord,
  VersionItem,
  VersionRecord,
} from '#functions/contracts/catalogue-records';
import { catalogueOfVersion } from '#functions/contracts/catalogue-records';
import {
  activeVersionKey,
  PUBLISH_RECORD_PREFIX,
  publishLockKey,
  versionRecordKey,
} from '#functions/contracts/keys/catalogue-keys';
import { catalogueCopyKey, versionFileKey } from '#functions/contracts/keys/import-object-keys';
import type { CatalogueTarget } from '#local/catalogue/catalogue-target';

type Item = Record<string, unknown>;

const get = async (target: CatalogueTarget, key: Item) =>
  (await target.doc.send(new GetCommand({ TableName: target.tableName, Key: key, ConsistentRead: true })))
    .Item;

export const readActive = async (target: CatalogueTarget) =>
  (await get(target, activeVersionKey)) as (ActiveRecord & Item) | undefined;

/** A version's own record (how many plan files, its layout), or undefined when there is no such version. */
export const readVersion = async (target: CatalogueTarget, version: string) =>
  (await get(target, versionRecordKey(version))) as (VersionRecord & Item) | undefined;

/** What `status` shows: the active version, the lock's holder, the latest publishes. */
export async function readStatus(target: CatalogueTarget, latest = 5) {
  const [active, lock, records] = await Promise.all([
    readActive(target),
    get(target, publishLockKey) as Promise<(LockHolder & Item) | undefined>,
    target.doc.send(
      new QueryCommand({
        TableName: target.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': activeVersionKey.pk, ':prefix': PUBLISH_RECORD_PREFIX },
        ScanIndexForward: false,
        Limit: latest,
      }),
    ),
  ]);
  return { active, lock, records: (records.Items ?? []) as (PublishRecord & Item)[] };
}

/** The two reads of a version's files the read-back needs, from the stage's import bucket. */
const bucketFiles = (target: CatalogueTarget) => {
  const read = async (key: string) => {
    try {
      const { Body } = await target.s3.send(new GetObjectCommand({ Bucket: target.bucket, Key: key }));
      return Body ? Buffer.from(await Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  };
  return {
    async readVersionFile(version: string, file: number) {
      const bytes = await read(versionFileKey(version, file));
      // A version whose plan was cut short has fewer files than its record counts.
      return bytes ? (JSON.parse(bytes.toString('utf8')) as VersionItem[]) : [];
    },
    async readCatalogueCopy(version: string) {
      const bytes = await read(catalogueCopyKey(version));
      if (!bytes) throw new Error(`Version ${version} has no catalogue copy`);
      return gunzipSync(bytes).toString('utf8');
    },
  };
};

/**
 * The active catalogue, read back from its version's files as the upgrade reads it
 * (docs/decisions/catalogue-versions.md D90): layout 4 its catalogue copy, older layouts their plan files,
 * then its stock updates' files. Neither a scan nor a read per product.
 */
export async function readActiveCatalogue(target: CatalogueTarget): Promise<Catalogue | undefined> {
  const active = await readActive(target);
  if (!active) return undefined;
  const record = await readVersion(target, active.version);
  if (!record) throw new Error(`The active version ${active.version} has no record`);
  // The ACTIVE record's layout is the one readers go by.
  return catalogueOfVersion({ files: bucketFiles(target) }, { ...record, layout: layoutOf(active) });
}
