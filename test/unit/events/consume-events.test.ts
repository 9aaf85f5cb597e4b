import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { logger } from '#commons/logger';
import { orderRecordOf, userRecordOf } from '#functions/events/domain/event-details';
import { EVENT_METRICS } from '#functions/events/event-metrics';
import { handler } from '#functions/events/handlers/consume-events';
import { lambdaContext } from '../support/api-event';
import { captureMetrics } from '../support/metrics-capture';
import { appliedOutcome, busRecord, placed, statusChanged, userChanged } from './event-fixtures';

const dynamo = mockClient(DynamoDBDocumentClient);
const captured = captureMetrics();

const consume = (...records: ReturnType<typeof busRecord>[]) =>
  handler({ Records: records } as SQSEvent, lambdaContext);

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const conditionFailed = () => new ConditionalCheckFailedException({ message: 'failed', $metadata: {} });

/** The outcome items the consumer wrote (UpdateItem on EVENT#<event id>), as attribute values by name. */
const recordedOutcomes = () =>
  dynamo
    .commandCalls(UpdateCommand)
    .map((call) => call.args[0].input)
    .filter((input) => String(input.Key?.pk).startsWith('EVENT#'))
    .map((input) =>
      Object.fromEntries(
        Object.entries(input.ExpressionAttributeNames ?? {})
          .filter(([, name]) => `:${name}` in (input.ExpressionAttributeValues ?? {}))
          .map(([, name]) => [name, input.ExpressionAttributeValues![`:${name}`]]),
      ),
    );

beforeEach(() => {
  dynamo.reset();
  dynamo.on(TransactWriteCommand).resolves({});
  dynamo.on(PutCommand).resolves({});
  dynamo.on(UpdateCommand).resolves({});
});

describe('order.placed', () => {
  it('writes the order at the next position of its customer’s list with the counter, in one transaction', async () => {
    dynamo.on(GetCommand, { Key: { pk: 'USER#5#ORDERS', sk: 'COUNTER' } }).resolves({ Item: { count: 57 } });
    expect(await consume(busRecord('m1', 'order.placed', placed()))).toEqual({ batchItemFailures: [] });
    const [call] = dynamo.commandCalls(TransactWriteCommand);
    expect(call!.args[0].input.TransactItems).toEqual([
      {
        ConditionCheck: {
          TableName: 'commerce-test',
          Key: { pk: 'USER#5', sk: 'USER' },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      {
        Put: {
          TableName: 'commerce-test',
          Item: {
            pk: 'ORDER#3101',
            sk: 'ORDER',
            list: 'USER#5#ORDERS',
            position: 58,
            createdMonth: '2026-11',
            ...orderRecordOf(placed()),
            version: 1,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: 'commerce-test',
          Item: { pk: 'USER#5#ORDERS', sk: 'COUNTER', count: 58 },
          ConditionExpression: '#count = :count',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':count': 57 },
        },
      },
    ]);
    expect(dynamo.commandCalls(GetCommand)[0]!.args[0].input.ConsistentRead).toBe(true);
    expect(captured.counts()).toEqual({ [EVENT_METRICS.applied]: 1 });
  });

  it('starts a list written before it had a counter after its last position', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [{ position: 65 }], ScannedCount: 1 });
    await consume(busRecord('m1', 'order.placed', placed()));
    const items = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[1]!.Put!.Item!.position).toBe(66);
    expect(items[2]!.Put).toMatchObject({
      Item: { count: 66 },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('changes nothing for an order that exists already (a redelivery or a duplicate)', async () => {
    dynamo.on(GetCommand).resolves({ Item: { count: 3 } });
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));
    expect(await consume(busRecord('m1', 'order.placed', placed()))).toEqual({ batchItemFailures: [] });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(captured.counts()).toEqual({ [EVENT_METRICS.ignored]: 1 });
  });

  it('takes the following position when another order of the customer took this one', async () => {
    dynamo
      .on(GetCommand)
      .resolvesOnce({ Item: { count: 3 } })
      .resolves({ Item: { count: 4 } });
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'None', 'ConditionalCheckFailed'))
      .resolves({});
    expect(await consume(busRecord('m1', 'order.placed', placed()))).toEqual({ batchItemFailures: [] });
    const calls = dynamo.commandCalls(TransactWriteCommand);
    expect(calls.map((c) => c.args[0].input.TransactItems![1]!.Put!.Item!.position)).toEqual([4, 5]);
  });

  it('refuses an order of an unknown user: reported failed for the dead-letter queue, and counted', async () => {
    dynamo.on(GetCommand).resolves({ Item: { count: 3 } });
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));
    const response = await consume(
      busRecord('good', 'user.registered', userChanged()),
      busRecord('bad', 'order.placed', placed({ userId: 999 })),
    );
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'bad' }] });
    expect(captured.counts()).toEqual({ [EVENT_METRICS.applied]: 1, [EVENT_METRICS.refused]: 1 });
  });
});

describe('a refused event', () => {
  it.each([
    ['not JSON', { ...busRecord('x', 'order.placed', placed()), body: 'not json' }, false],
    ['of an unknown type', busRecord('x', 'order.cancelled', placed()), true],
    ['from the wrong source', busRecord('x', 'order.placed', placed(), 'commerce.users'), true],
    ['failing its schema', busRecord('x', 'order.placed', placed({ version: 0 })), true],
  ])(
    'is reported failed and changes no record when it is %s; its outcome is recorded when it has an event id',
    async (_case, record, named) => {
      expect(await consume(record)).toEqual({ batchItemFailures: [{ itemIdentifier: 'x' }] });
      expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
      const outcomes = recordedOutcomes();
      expect(outcomes).toHaveLength(named ? 1 : 0);
      if (named) {
        expect(outcomes[0]).toMatchObject({ eventId: 'checkout-7f3a', outcome: 'refused' });
        expect(outcomes[0]!.reason).toMatch(/^the event is not valid: /);
      }
      expect(captured.counts()).toEqual({ [EVENT_METRICS.refused]: 1 });
      expect(captured.published).toHaveLength(1);
    },
  );
});

describe('order.status_changed', () => {
  it('sets status and sending day only above the stored version (a seed order counts as version 1)', async () => {
    await consume(busRecord('m1', 'order.status_changed', statusChanged()));
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: { pk: 'ORDER#3101', sk: 'ORDER' },
      UpdateExpression: 'SET #status = :status, #sentOn = :sentOn, #version = :version',
      ConditionExpression: 'attribute_exists(pk) AND (#version < :version OR attribute_not_exists(#version))',
      ExpressionAttributeValues: { ':status': 'shipped', ':sentOn': '2026-11-21', ':version': 2 },
    });
    expect(captured.counts()).toEqual({ [EVENT_METRICS.applied]: 1 });
  });

  it('changes nothing for an older or repeated version', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    dynamo.on(GetCommand).resolves({ Item: { pk: 'ORDER#3101', version: 4 } });
    expect(await consume(busRecord('m1', 'order.status_changed', statusChanged({ version: 3 })))).toEqual({
      batchItemFailures: [],
    });
    expect(captured.counts()).toEqual({ [EVENT_METRICS.ignored]: 1 });
  });

  it('refuses a change of an order that does not exist (it may arrive before order.placed: retried)', async () => {
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    dynamo.on(GetCommand).resolves({});
    expect(await consume(busRecord('m1', 'order.status_changed', statusChanged()))).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm1' }],
    });
    expect(captured.counts()).toEqual({ [EVENT_METRICS.refused]: 1 });
  });
});

describe('user.registered and user.updated', () => {
  it('put the whole record unless a record of the same or a later version is stored', async () => {
    await consume(busRecord('m1', 'user.updated', userChanged({ version: 3 })));
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
      TableName: 'commerce-test',
      Item: { pk: 'USER#5001', sk: 'USER', ...userRecordOf(userChanged()), version: 3 },
      ConditionExpression:
        'attribute_not_exists(pk) OR attribute_not_exists(#version) OR #version < :version',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':version': 3 },
    });
  });

  it('ignore an older version', async () => {
    dynamo.on(PutCommand).rejects(conditionFailed());
    expect(await consume(busRecord('m1', 'user.registered', userChanged()))).toEqual({
      batchItemFailures: [],
    });
    expect(captured.counts()).toEqual({ [EVENT_METRICS.ignored]: 1 });
  });
});

describe('a storage failure', () => {
  it('fails only its record, which SQS delivers again', async () => {
    dynamo.on(PutCommand).rejects(new Error('throttled'));
    const response = await consume(
      busRecord('a', 'user.registered', userChanged()),
      busRecord('b', 'order.status_changed', statusChanged()),
    );
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'a' }] });
  });
});

describe('outcome records (docs/decisions/order-and-user-events.md D78)', () => {
  const now = new Date('2026-11-20T09:15:01.000Z');
  const fourteenDays = 14 * 24 * 60 * 60;
  beforeEach(() => {
    jest.useFakeTimers({ now, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => jest.useRealTimers());

  it('records an applied event under its event id: type, record, receive count, EventBridge id, kept 14 days', async () => {
    dynamo.on(GetCommand).resolves({ Item: { count: 3 } });
    await consume(busRecord('m1', 'order.placed', placed()));
    const [update] = dynamo.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(update!.Key).toEqual({ pk: 'EVENT#checkout-7f3a', sk: 'OUTCOME' });
    expect(update!.UpdateExpression).toContain('#firstSeenAt = if_not_exists(#firstSeenAt, :at)');
    expect(recordedOutcomes()).toEqual([
      { ...appliedOutcome, expiresAt: Math.floor(now.getTime() / 1000) + fourteenDays },
    ]);
  });

  it('records a duplicate order and an older version as ignored, saying which', async () => {
    dynamo.on(GetCommand).resolves({ Item: { count: 3, pk: 'ORDER#3101' } });
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));
    dynamo.on(UpdateCommand, { Key: { pk: 'ORDER#3101', sk: 'ORDER' } }).rejects(conditionFailed());
    dynamo.on(PutCommand).rejects(conditionFailed());
    await consume(
      busRecord('a', 'order.placed', placed()),
      busRecord('b', 'order.status_changed', statusChanged({ version: 3 })),
      busRecord('c', 'user.updated', userChanged({ version: 2 })),
    );
    expect(recordedOutcomes().map(({ outcome, reason }) => `${outcome}: ${reason}`)).toEqual([
      'ignored: duplicate: order 3101 exists already',
      'ignored: older: version 3 is not above the stored version of order 3101',
      'ignored: older: version 2 is not above the stored version of user 5001',
    ]);
  });

  it('records a refusal with its reason and receive count, and logs the event id and record id, never the personal content', async () => {
    const lines: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    logger.setLogLevel('WARN');
    try {
      dynamo.on(UpdateCommand, { Key: { pk: 'ORDER#9', sk: 'ORDER' } }).rejects(conditionFailed());
      dynamo.on(GetCommand).resolves({});
      dynamo
        .on(GetCommand, { Key: { pk: 'USER#999#ORDERS', sk: 'COUNTER' } })
        .resolves({ Item: { count: 1 } });
      dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));
      const unknownUser = busRecord('m1', 'order.placed', placed({ userId: 999, eventId: 'checkout-9' }));
      await consume(
        { ...unknownUser, attributes: { ApproximateReceiveCount: '2' } },
        busRecord('m2', 'order.status_changed', statusChanged({ id: 9 })),
      );
    } finally {
      logger.setLogLevel('SILENT');
      write.mockRestore();
    }
    expect(
      recordedOutcomes().map(({ eventId, outcome, reason, receiveCount }) => ({
        eventId,
        outcome,
        reason,
        receiveCount,
      })),
    ).toEqual([
      {
        eventId: 'checkout-9',
        outcome: 'refused',
        reason: "the order's customer, user 999, does not exist",
        receiveCount: 2,
      },
      { eventId: 'checkout-7f3b', outcome: 'refused', reason: 'order 9 does not exist', receiveCount: 1 },
    ]);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      logged.map(({ message, eventId, record, receiveCount }) => ({
        message,
        eventId,
        record,
        receiveCount,
      })),
    ).toEqual([
      {
        message: 'Event refused: unknown user',
        eventId: 'checkout-9',
        record: 'order 3101',
        receiveCount: 2,
      },
      {
        message: 'Event refused: unknown order',
        eventId: 'checkout-7f3b',
        record: 'order 9',
        receiveCount: 1,
      },
    ]);
    expect(lines.join('')).not.toMatch(/42\.5|2026-11-20 09:14:58|paid/);
  });

  it('keeps an applied outcome when SQS delivers the same event again (the condition), and fails the record when the outcome cannot be written', async () => {
    dynamo.on(GetCommand).resolves({ Item: { count: 3 } });
    const [, update] = [
      await consume(busRecord('m1', 'order.placed', placed())),
      dynamo.commandCalls(UpdateCommand)[0]!.args[0].input,
    ];
    expect(update.ConditionExpression).toBe(
      'attribute_not_exists(pk) OR #outcome <> :applied OR attribute_not_exists(#busEventId) OR #busEventId <> :busEventId',
    );
    expect(update.ExpressionAttributeValues).toMatchObject({ ':applied': 'applied', ':busEventId': 'id-m1' });
    dynamo.on(UpdateCommand).rejects(conditionFailed());
    expect(await consume(busRecord('m1', 'order.placed', placed()))).toEqual({ batchItemFailures: [] });
    dynamo.on(UpdateCommand).rejects(new Error('throttled'));
    expect(await consume(busRecord('m1', 'order.placed', placed()))).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm1' }],
    });
  });
});
