/**
 * `npm run events -- send` reports each event's outcome, and `dead-letters` / `redrive` (issue 21:
 * "Refused events look like successes": the command printed "9 accepted, 0 failed" and exit 0
 * for a file with refused events). The bus, the table and the queues are mocked clients.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import {
  ChangeMessageVisibilityBatchCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { deadLettersCommand, redriveCommand } from '#cli/events/dead-letters';
import type { EventsTarget } from '#cli/events/events-target';
import { sendCommand } from '#cli/events/send-command';
import { outcomeKey } from '#functions/contracts/keys/outcome-keys';
import { placed, statusChanged } from '../events/event-fixtures';

const eventBridge = mockClient(EventBridgeClient);
const dynamo = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);

const target: EventsTarget = {
  stage: 'sandbox',
  client: new EventBridgeClient({ region: 'us-east-1' }),
  busName: 'commerce-api-sandbox',
  flags: '',
  deadLetterQueueName: 'commerce-api-sandbox-events-dlq',
  retries: '3 receives in all, 1 s apart in the sandbox',
  resources: async () => ({
    doc: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' })),
    tableName: 'commerce-test',
    sqs: new SQSClient({ region: 'us-east-1' }),
    deadLetterQueueUrl: 'dlq-url',
    queueUrl: () => 'queue-url',
  }),
  close: () => {},
};

const lines = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
};

const fileOf = (...details: { type: string; detail: unknown }[]) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'events-')), 'events.jsonl');
  writeFileSync(
    file,
    details.map(({ type, detail }) => JSON.stringify({ 'detail-type': type, detail })).join('\n'),
  );
  return file;
};

/** Outcome items as the consumer writes them, answered by BatchGetItem. */
const outcomes = (items: Record<string, unknown>[]) =>
  dynamo
    .on(BatchGetCommand)
    .callsFake((input: { RequestItems: Record<string, { Keys: { pk: string }[] }> }) => {
      const asked = new Set(input.RequestItems['commerce-test']!.Keys.map((key) => key.pk));
      return {
        Responses: {
          'commerce-test': items.filter((item) => asked.has(outcomeKey(String(item.eventId)).pk)),
        },
      };
    });

const outcome = (eventId: string, busEventId: string, result: Record<string, unknown>) => ({
  ...outcomeKey(eventId),
  eventId,
  busEventId,
  receiveCount: 1,
  firstSeenAt: '2026-11-20T09:15:01.000Z',
  at: '2026-11-20T09:15:01.000Z',
  ...result,
});

beforeEach(() => {
  eventBridge.reset();
  dynamo.reset();
  sqs.reset();
  eventBridge.on(PutEventsCommand).callsFake((input: { Entries: unknown[] }) => ({
    FailedEntryCount: 0,
    Entries: input.Entries.map((_, i) => ({ EventId: `bus-${i}` })),
  }));
});

describe('send', () => {
  const file = () =>
    fileOf(
      { type: 'order.placed', detail: placed() },
      { type: 'order.placed', detail: placed({ id: 3102, userId: 999, eventId: 'checkout-9' }) },
      { type: 'order.status_changed', detail: statusChanged() },
    );

  it('reports a refused event as refused, with its reason, and exits 1 (not "3 accepted, 0 failed", exit 0)', async () => {
    outcomes([
      outcome('checkout-7f3a', 'bus-0', {
        type: 'order.placed',
        record: { kind: 'order', id: 3101 },
        outcome: 'applied',
        reason: 'placed',
      }),
      outcome('checkout-9', 'bus-1', {
        type: 'order.placed',
        record: { kind: 'order', id: 3102 },
        outcome: 'refused',
        reason: "the order's customer, user 999, does not exist",
      }),
      outcome('checkout-7f3b', 'bus-2', {
        type: 'order.status_changed',
        record: { kind: 'order', id: 3101 },
        outcome: 'ignored',
        reason: 'older: version 2 is not above the stored version of order 3101',
      }),
    ]);
    const { out, err, io } = lines();
    expect(await sendCommand(file(), target, io)).toBe(1);
    expect(out).toContain('3 of 3 accepted by the bus.');
    expect(out.some((l) => /checkout-7f3a +order\.placed +order 3101 +applied +placed$/.test(l))).toBe(true);
    expect(out.some((l) => /checkout-7f3b .* ignored +older: version 2/.test(l))).toBe(true);
    expect(err).toContainEqual(
      expect.stringMatching(
        /checkout-9 +order\.placed +order 3102 +refused +the order's customer, user 999, does not exist \(receive 1 of 3\)$/,
      ),
    );
    expect(out).toContain('3 events: 1 applied, 1 ignored, 1 refused.');
    expect(err.join('\n')).toMatch(
      /dead-letter queue commerce-api-sandbox-events-dlq: `npm run events -- dead-letters`/,
    );
  });

  it('exits 0 when every event was applied or ignored', async () => {
    outcomes(
      ['checkout-7f3a', 'checkout-9', 'checkout-7f3b'].map((id, i) =>
        outcome(id, `bus-${i}`, { type: 'order.placed', outcome: 'applied', reason: 'placed' }),
      ),
    );
    const { out, err, io } = lines();
    expect(await sendCommand(file(), target, io)).toBe(0);
    expect(out).toContain('3 events: 3 applied, 0 ignored, 0 refused.');
    expect(err).toEqual([]);
  });

  it('waits for the outcome of this sending, not an earlier one of the same event id, and says when none came in time', async () => {
    outcomes([
      outcome('checkout-7f3a', 'an-earlier-send', {
        type: 'order.placed',
        outcome: 'applied',
        reason: 'placed',
      }),
      outcome('checkout-9', 'bus-1', { type: 'order.placed', outcome: 'applied', reason: 'placed' }),
      outcome('checkout-7f3b', 'bus-2', { type: 'order.placed', outcome: 'applied', reason: 'placed' }),
    ]);
    const { out, err, io } = lines();
    expect(await sendCommand(file(), target, io, { wait: true, stallSeconds: 0.3 })).toBe(1);
    expect(err).toContainEqual(
      expect.stringMatching(/checkout-7f3a +order\.placed +order 3101 +no outcome yet$/),
    );
    expect(out).toContain('3 events: 2 applied, 0 ignored, 0 refused, 1 with no outcome yet.');
    expect(err.join('\n')).toMatch(/No outcome came for 0.3 s: the consumer is stopped or far behind/);
  });

  it('with --no-wait only sends, and says where refused events will be', async () => {
    const { out, io } = lines();
    expect(await sendCommand(file(), target, io, { wait: false })).toBe(0);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
    expect(out.join('\n')).toMatch(/Not waiting .* commerce-api-sandbox-events-dlq/);
  });
});

describe('dead letters', () => {
  const envelope = (busId: string, detail: object) =>
    JSON.stringify({
      version: '0',
      id: busId,
      'detail-type': 'order.placed',
      source: 'commerce.orders',
      detail,
    });
  const messages = [
    {
      MessageId: 'm1',
      ReceiptHandle: 'r1',
      Body: envelope('bus-1', placed({ userId: 999, eventId: 'checkout-9' })),
      Attributes: { SentTimestamp: '1790000000000' },
    },
    {
      MessageId: 'm2',
      ReceiptHandle: 'r2',
      Body: envelope('bus-2', placed({ id: 3102, eventId: 'checkout-10' })),
      Attributes: { SentTimestamp: '1790000000000' },
    },
  ];
  beforeEach(() => {
    sqs.on(ReceiveMessageCommand).resolvesOnce({ Messages: messages }).resolves({ Messages: [] });
    sqs.on(ChangeMessageVisibilityBatchCommand).resolves({});
    sqs.on(SendMessageCommand).resolves({ MessageId: 'new' });
    sqs.on(DeleteMessageCommand).resolves({});
    outcomes([
      outcome('checkout-9', 'bus-1', {
        type: 'order.placed',
        record: { kind: 'order', id: 3101 },
        outcome: 'refused',
        receiveCount: 3,
        reason: "the order's customer, user 999, does not exist",
      }),
    ]);
  });

  it('are listed with their reason from the outcome record, and none is removed', async () => {
    const { out, io } = lines();
    expect(await deadLettersCommand(target, io)).toBe(0);
    expect(out[0]).toBe('2 events in the dead-letter queue commerce-api-sandbox-events-dlq:');
    expect(out).toContainEqual(
      expect.stringMatching(
        /checkout-9 +order\.placed +order 3101 +3 +2026-11-20T09:15:01.000Z +the order's customer, user 999, does not exist$/,
      ),
    );
    expect(out).toContainEqual(
      expect.stringMatching(/checkout-10 +order\.placed +order 3102 +- +2026-09-21T.* no outcome recorded$/),
    );
    expect(sqs.commandCalls(DeleteMessageCommand)).toHaveLength(0);
    expect(sqs.commandCalls(ReceiveMessageCommand)[0]!.args[0].input).toMatchObject({
      VisibilityTimeout: 30,
      WaitTimeSeconds: 1,
    });
    // Both made visible again at once (1 s: fauxqs loses a message set to 0).
    expect(sqs.commandCalls(ChangeMessageVisibilityBatchCommand)[0]!.args[0].input.Entries).toEqual([
      { Id: '0', ReceiptHandle: 'r1', VisibilityTimeout: 1 },
      { Id: '1', ReceiptHandle: 'r2', VisibilityTimeout: 1 },
    ]);
  });

  it('redrive --id sends that one back to the events queue, removes it only after, and releases the others', async () => {
    const { io } = lines();
    expect(await redriveCommand(target, io, { id: 'checkout-9', wait: false })).toBe(0);
    const order = sqs
      .calls()
      .map((call) => (call.args[0] as { constructor: { name: string } }).constructor.name);
    expect(order.slice(order.indexOf('SendMessageCommand'))).toEqual([
      'SendMessageCommand',
      'DeleteMessageCommand',
      'ChangeMessageVisibilityBatchCommand',
    ]);
    expect(sqs.commandCalls(SendMessageCommand)[0]!.args[0].input).toEqual({
      QueueUrl: 'queue-url',
      MessageBody: messages[0]!.Body,
    });
    expect(sqs.commandCalls(DeleteMessageCommand)[0]!.args[0].input).toEqual({
      QueueUrl: 'dlq-url',
      ReceiptHandle: 'r1',
    });
    expect(sqs.commandCalls(ChangeMessageVisibilityBatchCommand)[0]!.args[0].input.Entries).toEqual([
      { Id: '0', ReceiptHandle: 'r2', VisibilityTimeout: 1 },
    ]);
  });

  it('redrive --id of an event not there exits 1, saying how to list them', async () => {
    const { err, io } = lines();
    expect(await redriveCommand(target, io, { id: 'nope', wait: false })).toBe(1);
    expect(err[0]).toMatch(
      /No event nope in the dead-letter queue .* \(2 there\): `npm run events -- dead-letters` lists them/,
    );
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });
});
