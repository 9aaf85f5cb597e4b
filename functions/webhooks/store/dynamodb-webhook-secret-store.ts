import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#commons/clients/dynamodb';
import { readMeter } from '#commons/read-meter';
import { conditionally } from '#commons/store/table-items';
import { webhookSecretsKey } from '#functions/contracts/keys/webhook-secret-keys';
import type { WebhookSecretRecord } from '../domain/webhook-secret';
import type { WebhookSecretStore } from './webhook-secret-store';

/** How often a removal is tried again when the list changed under it. */
const REMOVE_ATTEMPTS = 3;

/**
 * One item per caller (`WHSEC#<id>`), its secrets a list: adding is one conditional
 * `list_append` (never more than the maximum, even for concurrent requests), removing one
 * conditional `REMOVE` of the element at the index just read.
 */
export const dynamoDbWebhookSecretStore: WebhookSecretStore = {
  async list(ownerId) {
    const { Item } = await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: webhookSecretsKey(ownerId), ConsistentRead: true }),
    );
    readMeter.add(Item ? 1 : 0);
    return ((Item?.secrets as WebhookSecretRecord[] | undefined) ?? []).map(({ id, createdAt }) => ({
      id,
      createdAt,
    }));
  },

  add(ownerId, record, max) {
    return conditionally(() =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: webhookSecretsKey(ownerId),
          UpdateExpression: 'SET #secrets = list_append(if_not_exists(#secrets, :none), :new)',
          ConditionExpression: 'attribute_not_exists(#secrets) OR size(#secrets) < :max',
          ExpressionAttributeNames: { '#secrets': 'secrets' },
          ExpressionAttributeValues: {
            ':none': [],
            ':new': [{ id: record.id, createdAt: record.createdAt }],
            ':max': max,
          },
        }),
      ),
    );
  },

  async remove(ownerId, id) {
    for (let attempt = 0; attempt < REMOVE_ATTEMPTS; attempt++) {
      const index = (await this.list(ownerId)).findIndex((record) => record.id === id);
      if (index < 0) return false;
      const removed = await conditionally(() =>
        documentClient.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: webhookSecretsKey(ownerId),
            UpdateExpression: `REMOVE #secrets[${index}]`,
            ConditionExpression: `#secrets[${index}].#id = :id`,
            ExpressionAttributeNames: { '#secrets': 'secrets', '#id': 'id' },
            ExpressionAttributeValues: { ':id': id },
          }),
        ),
      );
      if (removed) return true;
    }
    throw new Error('The webhook secrets kept changing during a removal');
  },
};
