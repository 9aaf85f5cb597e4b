import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#commons/clients/dynamodb';
import { tableSchema } from '#commons/table-schema';
import type { RateWindow } from '../domain/status-rate-limit';
import { rateWindowKey } from './report-access';

/** Counts a caller's requests in a window. */
export interface RateCounter {
  /** Adds one request of `callerId` to `window` and answers the window's count so far. */
  hit(scope: string, callerId: number, window: RateWindow): Promise<number>;
}

/**
 * One item per caller and window, incremented atomically (ADD), so concurrent requests of one
 * caller never both pass as the tenth. The item expires (table TTL) a minute after its window.
 */
export const dynamoDbRateCounter: RateCounter = {
  async hit(scope, callerId, window) {
    const { Attributes } = await documentClient.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rateWindowKey(scope, callerId, window.start),
        UpdateExpression: 'ADD #hits :one SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
        ExpressionAttributeNames: { '#hits': 'hits', '#expiresAt': tableSchema.expiresAt },
        ExpressionAttributeValues: { ':one': 1, ':expiresAt': window.end + 60 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.hits ?? 1);
  },
};
