import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { callerLimitKey } from '#functions/contracts/keys/caller-limit-keys';
import { tableSchema } from '#functions/contracts/table-schema';
import { documentClient, tableName } from '../clients/dynamodb';
import { gcraWrites, unitMs } from '../gcra';
import { readMeter } from '../read-meter';
import type { CallerLimitStore, TakeRequest } from './caller-limit-store';
import { conditionally } from './table-items';

/** An idle caller's item stays a day after its bucket is full again, then TTL removes it. */
const KEEP_SECONDS = 86_400;

const NAMES = { '#tat': 'tat', '#holding': 'holding', '#expiresAt': tableSchema.expiresAt };

/** The parts of an update that take a place as well as tokens (`hold`), or none. */
const holdParts = (hold: TakeRequest['hold']) =>
  hold
    ? {
        update: ' ADD #holding :place',
        condition: ' AND (attribute_not_exists(#holding) OR size(#holding) < :max)',
        values: { ':place': new Set([hold.id]), ':max': hold.max },
      }
    : { update: '', condition: '', values: {} };

/**
 * GCRA in one item per caller and scope, without reading first: the `idle` write, then the
 * `busy` one (gcraWrites says why that order is exact), each a conditional update that also
 * takes the place asked for. Only when both are refused is the item read (strongly), for the
 * refusal's `Retry-After`.
 */
export const dynamoDbCallerLimitStore: CallerLimitStore = {
  async take(scope, userId, request) {
    const { bucket, cost, nowMs, hold } = request;
    const key = callerLimitKey(scope, userId);
    const writes = gcraWrites(nowMs, bucket, cost);
    const expiresAt = Math.ceil((nowMs + bucket.capacity * unitMs(bucket)) / 1000) + KEEP_SECONDS;
    const place = holdParts(hold);
    const update = (expression: string, condition: string, values: Record<string, unknown>) =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: `SET ${expression}, #expiresAt = :expiresAt${place.update}`,
          ConditionExpression: `${condition}${place.condition}`,
          ExpressionAttributeNames: hold
            ? NAMES
            : { '#tat': NAMES['#tat'], '#expiresAt': NAMES['#expiresAt'] },
          ExpressionAttributeValues: { ...values, ...place.values, ':expiresAt': expiresAt },
          ReturnValues: 'UPDATED_NEW',
        }),
      );

    const idle = await conditionally(() =>
      update('#tat = :tat', '(attribute_not_exists(#tat) OR #tat <= :tatAtMost)', {
        ':tat': writes.idle.tat,
        ':tatAtMost': writes.idle.tatAtMost,
      }),
    );
    if (idle) return { taken: true, startsAt: nowMs };

    let tat: number | undefined;
    const busy = await conditionally(async () => {
      const { Attributes } = await update('#tat = #tat + :add', '#tat <= :tatAtMost', {
        ':add': writes.busy.add,
        ':tatAtMost': writes.busy.tatAtMost,
      });
      tat = Number(Attributes?.tat);
    });
    if (busy && tat !== undefined) return { taken: true, startsAt: tat - writes.busy.add };

    const { Item } = await documentClient.send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    readMeter.add(Item ? 1 : 0);
    return {
      taken: false,
      tat: typeof Item?.tat === 'number' ? Item.tat : undefined,
      holding: Item?.holding instanceof Set ? [...(Item.holding as Set<string>)] : [],
    };
  },

  async release(scope, userId, id) {
    // Only an item that exists: an update would otherwise create an empty one that never expires.
    await conditionally(() =>
      documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: callerLimitKey(scope, userId),
          UpdateExpression: 'DELETE #holding :place',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#holding': 'holding' },
          ExpressionAttributeValues: { ':place': new Set([id]) },
        }),
      ),
    );
  },
};
