import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '#commons/clients/dynamodb';
import { lastOfList } from '#commons/store/table-items';
import { userKey } from '#functions/contracts/keys/identity-keys';
import { customerOrdersList, orderKey, orderMonth } from '#functions/contracts/keys/order-keys';
import { nextPosition } from '../domain/list-position';
import { UNVERSIONED_ORDER } from '../domain/versions';
import type { EventStore } from './event-store';

/** The counter of a customer's list: how many orders it holds, i.e. the position of the last one. */
export const orderCounterKey = (userId: number) => ({ pk: customerOrdersList(userId), sk: 'COUNTER' });

/**
 * Placing an order fails its counter's condition only when another order of the same customer
 * took that position meanwhile: read the counter again and try the next one, a few times.
 */
const PLACE_ATTEMPTS = 5;

const consistentGet = async (key: Record<string, unknown>) =>
  (await documentClient.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true })))
    .Item;

const failedAt = (error: TransactionCanceledException, index: number) =>
  error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';

/** The transaction's items, by index in TransactItems. */
const CUSTOMER = 0;
const ORDER = 1;
const COUNTER = 2;

export const dynamoDbEventStore: EventStore = {
  async placeOrder(order, version) {
    const list = customerOrdersList(order.userId);
    const counterKey = orderCounterKey(order.userId);
    for (let attempt = 1; ; attempt++) {
      const count = (await consistentGet(counterKey))?.count as number | undefined;
      // A list written before it had a counter (the seed written into the table): its length is its last position.
      const lastListed =
        count === undefined ? ((await lastOfList(list))?.position as number | undefined) : undefined;
      const position = nextPosition(count, lastListed);
      try {
        await documentClient.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                ConditionCheck: {
                  TableName: tableName(),
                  Key: userKey(order.userId),
                  ConditionExpression: 'attribute_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: tableName(),
                  Item: {
                    ...orderKey(order.id),
                    list,
                    position,
                    createdMonth: orderMonth(order.createdAt),
                    ...order,
                    version,
                  },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: tableName(),
                  Item: { ...counterKey, count: position },
                  ...(count === undefined
                    ? { ConditionExpression: 'attribute_not_exists(pk)' }
                    : {
                        ConditionExpression: '#count = :count',
                        ExpressionAttributeNames: { '#count': 'count' },
                        ExpressionAttributeValues: { ':count': count },
                      }),
                },
              },
            ],
          }),
        );
        return 'placed';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        if (failedAt(error, ORDER)) return 'duplicate';
        if (failedAt(error, CUSTOMER)) return 'unknown-user';
        // The counter moved (another order of this customer took the position), or a concurrent
        // transaction held one of the items: read the counter again.
        const contended =
          failedAt(error, COUNTER) ||
          error.CancellationReasons?.some((r) => r.Code === 'TransactionConflict');
        if (!contended || attempt >= PLACE_ATTEMPTS) throw error;
      }
    }
  },

  async changeOrderStatus(change, version) {
    // An order written without a version (the seed) is version UNVERSIONED_ORDER.
    const unversionedIsOlder = version > UNVERSIONED_ORDER;
    try {
      await documentClient.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: orderKey(change.id),
          UpdateExpression: 'SET #status = :status, #sentOn = :sentOn, #version = :version',
          ConditionExpression: `attribute_exists(pk) AND (#version < :version${
            unversionedIsOlder ? ' OR attribute_not_exists(#version)' : ''
          })`,
          ExpressionAttributeNames: { '#status': 'status', '#sentOn': 'sentOn', '#version': 'version' },
          ExpressionAttributeValues: {
            ':status': change.status,
            ':sentOn': change.sentOn,
            ':version': version,
          },
        }),
      );
      return 'changed';
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return (await consistentGet(orderKey(change.id))) ? 'stale' : 'unknown-order';
    }
  },

  async putUser(user, version) {
    try {
      await documentClient.send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...userKey(user.id), ...user, version },
          // A record without a version (the seed, a first Cognito sign-in) is older than any event.
          ConditionExpression:
            'attribute_not_exists(pk) OR attribute_not_exists(#version) OR #version < :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': version },
        }),
      );
      return 'written';
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return 'stale';
      throw error;
    }
  },
};
