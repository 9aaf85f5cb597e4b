import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchKey } from '#functions/contracts/keys/batch-keys';
import { callerLimitKey } from '#functions/contracts/keys/caller-limit-keys';
import { userKey } from '#functions/contracts/keys/identity-keys';
import { outcomeKey } from '#functions/contracts/keys/outcome-keys';
import { reportKey } from '#functions/contracts/keys/report-keys';
import { reportObjectKey } from '#functions/contracts/keys/report-object-key';
import { webhookSecretsKey } from '#functions/contracts/keys/webhook-secret-keys';
import { SMOKE_LIMIT_SCOPES, smokeEventId } from '#lib/smoke-access';

/**
 * Where the smoke removes what its run made beside the API: items of the stage's table and the
 * report's PDF, by the keys the run was answered with (the same keys the functions write,
 * from their own key modules). Deleting a key that is not there changes nothing.
 */
export interface StageStore {
  /**
   * The smoke user's record, webhook secret list and per-caller limit items (docs/decisions/limits-and-throttles.md D59,
   * docs/decisions/report-export.md D60), and the outcome item of the event that registered it in the
   * sandbox (docs/decisions/order-and-user-events.md D78).
   */
  removeUserItems(userId: number): Promise<void>;
  removeBatch(batchId: number): Promise<void>;
  /** The report job and its PDF. */
  removeReport(reportId: string): Promise<void>;
}

export interface StageStoreClients {
  readonly doc: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly s3: S3Client;
  readonly reportBucket: string;
}

export function stageStore({ doc, tableName, s3, reportBucket }: StageStoreClients): StageStore {
  const deleteItem = async (key: { pk: string; sk: string }) => {
    await doc.send(new DeleteCommand({ TableName: tableName, Key: key }));
  };
  return {
    async removeUserItems(userId) {
      await Promise.all(
        [
          userKey(userId),
          webhookSecretsKey(userId),
          ...SMOKE_LIMIT_SCOPES.map((scope) => callerLimitKey(scope, userId)),
          outcomeKey(smokeEventId(userId)),
        ].map(deleteItem),
      );
    },
    removeBatch: (batchId) => deleteItem(batchKey(batchId)),
    async removeReport(reportId) {
      await deleteItem(reportKey(reportId));
      await s3.send(new DeleteObjectCommand({ Bucket: reportBucket, Key: reportObjectKey(reportId) }));
    },
  };
}
