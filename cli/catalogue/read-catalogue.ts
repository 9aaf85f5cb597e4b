import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Catalogue } from '#functions/contracts/catalogue-file-format';
import type {
  ActiveRecord,
  ListingEntry,
  LockHolder,
  PublishRecord,
  VersionRecord,
} from '#functions/contracts/catalogue-records';
import { versionCatalogue } from '#functions/contracts/catalogue-records';
import {
  activeVersionKey,
  LISTING_ENTRY_PREFIX,
  listingPartitionKey,
  PUBLISH_RECORD_PREFIX,
  productKey,
  publishLockKey,
  referenceDataKey,
  versionRecordKey,
} from '#functions/contracts/keys/catalogue-keys';
import type { CatalogueTarget } from '#local/catalogue/catalogue-target';

type Item = Record<string, unknown>;

const get = async (target: CatalogueTarget, key: Item) =>
  (await target.doc.send(new GetCommand({ TableName: target.tableName, Key: key, ConsistentRead: true })))
    .Item;

const queryAll = async (target: CatalogueTarget, input: Omit<QueryCommandInput, 'TableName'>) => {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await target.doc.send(
      new QueryCommand({
        TableName: target.tableName,
        ...input,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
};

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

/**
 * The active catalogue, read without a scan: the product ids from the listing partition of every
 * product, then each product's partition (the product and its stock levels), 16 at a time.
 */
export async function readActiveCatalogue(target: CatalogueTarget): Promise<Catalogue | undefined> {
  const active = await readActive(target);
  if (!active) return undefined;
  const { version } = active;
  const read = versionCatalogue();
  read.add([(await get(target, referenceDataKey(version))) ?? {}]);
  const entries = (await queryAll(target, {
    // The entries only, not the partition's summary.
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :entry)',
    ExpressionAttributeValues: { ':pk': listingPartitionKey(version, {}), ':entry': LISTING_ENTRY_PREFIX },
    ProjectionExpression: 'id',
  })) as unknown as Pick<ListingEntry, 'id'>[];
  for (let i = 0; i < entries.length; i += 16) {
    const partitions = await Promise.all(
      entries.slice(i, i + 16).map(({ id }) =>
        queryAll(target, {
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': productKey(version, id).pk },
        }),
      ),
    );
    read.add(partitions.flat());
  }
  return read.catalogue();
}
