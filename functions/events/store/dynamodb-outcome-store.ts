import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#commons/clients/dynamodb';
import { outcomeKey } from '#functions/contracts/keys/outcome-keys';
import { tableSchema } from '#functions/contracts/table-schema';
import type { OutcomeStore } from './outcome-store';

/**
 * One UpdateItem a delivery (1 write unit: the item is well under 1 KB). `firstSeenAt` keeps its
 * first value. The condition keeps an `applied` of one EventBridge event when SQS delivers that
 * event again and the consumer, finding the change made, would call it ignored.
 */
export const dynamoDbOutcomeStore: OutcomeStore = {
  async record(outcome, expiresAt) {
    const values: Record<string, unknown> = {
      eventId: outcome.eventId,
      type: outcome.type,
      outcome: outcome.outcome,
      reason: outcome.reason,
      receiveCount: outcome.receiveCount,
      at: outcome.at,
      record: outcome.record,
      busEventId: outcome.busEventId,
      [tableSchema.expiresAt]: expiresAt,
    };
    const set = Object.keys(values).filter((name) => values[name] !== undefined);
    try {
      await documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: outcomeKey(outcome.eventId),
          UpdateExpression: `SET ${set.map((name) => `#${name} = :${name}`).join(', ')}, #firstSeenAt = if_not_exists(#firstSeenAt, :at)`,
          ConditionExpression:
            'attribute_not_exists(pk) OR #outcome <> :applied OR attribute_not_exists(#busEventId) OR #busEventId <> :busEventId',
          ExpressionAttributeNames: Object.fromEntries(
            [...set, 'firstSeenAt', 'outcome', 'busEventId'].map((name) => [`#${name}`, name]),
          ),
          ExpressionAttributeValues: {
            ...Object.fromEntries(set.map((name) => [`:${name}`, values[name]])),
            ':applied': 'applied',
            ':busEventId': outcome.busEventId ?? '',
          },
        }),
      );
    } catch (error) {
      // An applied outcome of this very event is recorded already: it stays.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  },
};
