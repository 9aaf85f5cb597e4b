import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#commons/clients/dynamodb';
import { conditionally, getItem, putNewItem, withoutKeys } from '#commons/store/table-items';
import { reportKey } from '#functions/contracts/keys/report-keys';
import type { ReportJob } from '../domain/report-job';
import type { ReportJobStore } from './report-job-store';

const update = (
  id: string,
  expression: string,
  names: Record<string, string>,
  values: Record<string, unknown>,
  condition: string,
) =>
  documentClient.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: reportKey(id),
      UpdateExpression: expression,
      ConditionExpression: `attribute_exists(pk) AND ${condition}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );

export const dynamoDbReportJobStore: ReportJobStore = {
  async createJob(job) {
    await putNewItem(reportKey(job.id), job);
  },

  async getJob(id) {
    const item = await getItem(reportKey(id));
    return item ? (withoutKeys(item) as unknown as ReportJob) : undefined;
  },

  async markCompleted(id, bytes, at) {
    await conditionally(() =>
      update(
        id,
        'SET #status = :completed, #bytes = :bytes, #updatedAt = :at',
        { '#status': 'status', '#bytes': 'bytes', '#updatedAt': 'updatedAt' },
        { ':completed': 'COMPLETED', ':bytes': bytes, ':at': at.toISOString(), ':inProgress': 'IN_PROGRESS' },
        '#status IN (:inProgress, :completed)',
      ),
    );
    return this.getJob(id);
  },

  async markFailed(id, error, at) {
    await conditionally(() =>
      update(
        id,
        'SET #status = :failed, #error = :error, #updatedAt = :at',
        { '#status': 'status', '#error': 'error', '#updatedAt': 'updatedAt' },
        { ':failed': 'FAILED', ':error': error, ':at': at.toISOString(), ':inProgress': 'IN_PROGRESS' },
        '#status = :inProgress',
      ),
    );
  },

  async recordCallbackAttempt(id, delivered, at) {
    await conditionally(() =>
      update(
        id,
        `SET #updatedAt = :at${delivered ? ', #notification = :delivered' : ''} ADD #attempts :one`,
        {
          '#updatedAt': 'updatedAt',
          '#attempts': 'callbackAttempts',
          '#notification': 'notification',
        },
        {
          ':at': at.toISOString(),
          ':one': 1,
          ':pending': 'PENDING',
          ...(delivered ? { ':delivered': 'DELIVERED' } : {}),
        },
        '#notification = :pending',
      ),
    );
  },

  async markNotDelivered(id, at) {
    await conditionally(() =>
      update(
        id,
        'SET #notification = :notDelivered, #updatedAt = :at',
        { '#notification': 'notification', '#updatedAt': 'updatedAt' },
        { ':notDelivered': 'NOT_DELIVERED', ':at': at.toISOString(), ':pending': 'PENDING' },
        '#notification = :pending',
      ),
    );
  },
};
