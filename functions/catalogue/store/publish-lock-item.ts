import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { conditionally } from '#commons/store/table-items';
import { publishLockKey } from '#functions/contracts/keys/catalogue-keys';
import type { PublishLock } from '../domain/publish-lock';
import type { LockHolder } from '../services/publish-ports';

/**
 * The writes of the lock item (`CATALOGUE/LOCK`, docs/decisions/catalogue-versions.md D79), given the client and the
 * table: the publish task's store makes them with its own, a command that claims the lock before
 * its upload (local/catalogue/publish-file.ts) with the operator's.
 */
export interface LockTable {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
}

/**
 * Puts `lock` if the lock may be taken (mayTakeLock, as a condition): free, past its time, or
 * this publish's own. Otherwise says who holds it.
 */
export async function takeLock(table: LockTable, lock: PublishLock): Promise<LockHolder | undefined> {
  const taken = await conditionally(() =>
    table.doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { ...publishLockKey, ...lock },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now OR publishId = :id',
        ExpressionAttributeValues: {
          ':now': Math.floor(Date.parse(lock.since) / 1000),
          ':id': lock.publishId,
        },
      }),
    ),
  );
  if (taken) return undefined;
  const { Item } = await table.doc.send(
    new GetCommand({ TableName: table.tableName, Key: publishLockKey, ConsistentRead: true }),
  );
  if (!Item) {
    // Released between the two requests: saying busy is the truth a moment ago; the caller may try again.
    return { publishId: 'unknown', kind: lock.kind, since: lock.since };
  }
  const { pk: _pk, sk: _sk, ...holder } = Item;
  return holder as LockHolder;
}

/**
 * Moves a command's claim on to `expiresAt`: false when it is no longer a claim of this publish
 * (its workflow took it over, or it ran out and another took it).
 */
export const renewClaim = (table: LockTable, publishId: string, expiresAt: number) =>
  conditionally(() =>
    table.doc.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: publishLockKey,
        UpdateExpression: 'SET expiresAt = :until',
        ConditionExpression: 'publishId = :id AND claimed = :claimed',
        ExpressionAttributeValues: { ':until': expiresAt, ':id': publishId, ':claimed': true },
      }),
    ),
  );

/**
 * Releases the lock if this publish holds it; `claimOnly`: only while it is still the command's
 * claim, never once its workflow has taken it over.
 */
export const releaseLock = async (table: LockTable, publishId: string, { claimOnly = false } = {}) => {
  await conditionally(() =>
    table.doc.send(
      new DeleteCommand({
        TableName: table.tableName,
        Key: publishLockKey,
        ConditionExpression: claimOnly ? 'publishId = :id AND claimed = :claimed' : 'publishId = :id',
        ExpressionAttributeValues: { ':id': publishId, ...(claimOnly ? { ':claimed': true } : {}) },
      }),
    ),
  );
};
