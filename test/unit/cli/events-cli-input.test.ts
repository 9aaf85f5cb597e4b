import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { resolveEventsTarget } from '#cli/events/events-target';
import { readEvents } from '#cli/events/read-events';
import { InputError } from '#cli/stage-command';
import { orderPlacedEvents } from '#functions/events/domain/order-placed-events';
import { sendEvents } from '#local/events/send-events';
import { seedOrders } from '#local/seed/order-seed';
import { placed, statusChanged } from '../events/event-fixtures';

const line = (value: unknown) => JSON.stringify(value);
const eventBridge = mockClient(EventBridgeClient);

describe('reading a file of events', () => {
  it('takes one event a line, with or without its source, and skips blank lines', () => {
    const read = readEvents(
      [
        line({ 'detail-type': 'order.placed', detail: placed() }),
        '',
        line({ 'detail-type': 'order.status_changed', source: 'commerce.orders', detail: statusChanged() }),
      ].join('\n'),
    );
    expect(read).toEqual({
      ok: true,
      events: [
        { type: 'order.placed', detail: placed() },
        { type: 'order.status_changed', detail: statusChanged() },
      ],
    });
  });

  it('refuses the whole file, naming each bad line and why', () => {
    const read = readEvents(
      [
        line({ 'detail-type': 'order.placed', detail: placed() }),
        '{"detail-type": ',
        line({ 'detail-type': 'order.placed', detail: placed({ version: 0 }) }),
        line({ 'detail-type': 'order.shipped', detail: {} }),
      ].join('\n'),
    );
    expect(read).toEqual({
      ok: false,
      problems: [
        { line: 2, problem: 'not JSON' },
        { line: 3, problem: 'detail/version must be >= 1' },
        { line: 4, problem: expect.stringContaining('detail-type must be one of') },
      ],
    });
    expect(readEvents('\n\n')).toEqual({
      ok: false,
      problems: [{ line: 1, problem: 'the file holds no event' }],
    });
  });

  it('refuses a file that names an event id twice: outcomes are recorded by event id', () => {
    const read = readEvents(
      [placed(), placed({ id: 2 }), placed({ eventId: 'other' })]
        .map((detail) => line({ 'detail-type': 'order.placed', detail }))
        .join('\n'),
    );
    expect(read).toEqual({
      ok: false,
      problems: [{ line: 2, problem: 'the same eventId as line 1: each event once in a file' }],
    });
  });

  it('accepts the seed’s orders as order.placed lines', () => {
    const text = orderPlacedEvents(seedOrders()).map(line).join('\n');
    const read = readEvents(text);
    expect(read.ok && read.events).toHaveLength(seedOrders().length);
  });
});

describe('sending', () => {
  beforeEach(() => eventBridge.reset());

  it('sends calls of 10 to the stage’s bus and counts what was accepted', async () => {
    eventBridge.on(PutEventsCommand).callsFake((input: { Entries: unknown[] }) => ({
      FailedEntryCount: 0,
      Entries: input.Entries.map((_, i) => ({ EventId: `id-${i}` })),
    }));
    const events = Array.from({ length: 23 }, (_, i) => ({
      type: 'order.placed' as const,
      detail: placed({ id: 5000 + i }),
    }));
    const outcome = await sendEvents(new EventBridgeClient({}), 'commerce-api-dev', events);
    expect(outcome).toEqual({
      accepted: 23,
      failed: 0,
      failures: [],
      busEventIds: [
        ...Array.from({ length: 10 }, (_, i) => `id-${i}`),
        ...Array.from({ length: 10 }, (_, i) => `id-${i}`),
        'id-0',
        'id-1',
        'id-2',
      ],
    });
    const calls = eventBridge.commandCalls(PutEventsCommand).map((c) => c.args[0].input.Entries!);
    expect(calls.map((entries) => entries.length)).toEqual([10, 10, 3]);
    expect(calls[0]![0]).toEqual({
      EventBusName: 'commerce-api-dev',
      Source: 'commerce.orders',
      DetailType: 'order.placed',
      Detail: JSON.stringify(placed({ id: 5000 })),
    });
  });

  it('counts the entries EventBridge refused, with their position in the file', async () => {
    eventBridge.on(PutEventsCommand).resolves({
      FailedEntryCount: 1,
      Entries: [{ EventId: 'a' }, { ErrorCode: 'InternalFailure', ErrorMessage: 'Try again' }],
    });
    const events = [placed({ id: 1 }), placed({ id: 2 })].map((detail) => ({
      type: 'order.placed' as const,
      detail,
    }));
    expect(await sendEvents(new EventBridgeClient({}), 'b', events)).toEqual({
      accepted: 1,
      failed: 1,
      failures: [{ event: 2, reason: 'InternalFailure: Try again' }],
      busEventIds: ['a', undefined],
    });
  });
});

describe('the stage', () => {
  it('is a deployed stage’s bus, commerce-api-<stage>, or the running sandbox', () => {
    const target = resolveEventsTarget('dev', '/nonexistent');
    expect(target).toMatchObject({
      stage: 'dev',
      busName: 'commerce-api-dev',
      deadLetterQueueName: 'commerce-api-dev-events-dlq',
    });
    target.close();
    expect(() => resolveEventsTarget(undefined, '/nonexistent')).toThrow(InputError);
    expect(() => resolveEventsTarget('sandbox', '/nonexistent')).toThrow(/No sandbox runs/);
  });
});
