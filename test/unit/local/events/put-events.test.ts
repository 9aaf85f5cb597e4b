import { eventsAnswer, PUT_EVENTS_TARGET } from '#local/events/events-endpoint';
import type { SandboxEventRule } from '#local/events/synthesize-event-rule';

const rule: SandboxEventRule = {
  busName: 'commerce-api-sandbox',
  ruleName: 'commerce-api-sandbox-events-to-queue',
  pattern: { source: ['commerce.orders'], 'detail-type': ['order.placed'] },
  targetQueueName: 'commerce-api-sandbox-events',
};

const call = async (body: unknown, target = PUT_EVENTS_TARGET) => {
  const queued: string[] = [];
  const answer = await eventsAnswer(rule, async (bodies) => void queued.push(...bodies), {
    method: 'POST',
    target,
    body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  });
  return { ...answer, queued: queued.map((b) => JSON.parse(b)) };
};

const entry = (overrides: Record<string, unknown> = {}) => ({
  EventBusName: 'commerce-api-sandbox',
  Source: 'commerce.orders',
  DetailType: 'order.placed',
  Detail: JSON.stringify({ id: 1 }),
  ...overrides,
});

describe('PutEvents on the sandbox’s bus', () => {
  it('answers an id per accepted entry, and queues the matching ones in EventBridge’s envelope', async () => {
    const { status, body, queued } = await call({
      Entries: [entry(), entry({ DetailType: 'order.archived' }), entry({ EventBusName: 'default' })],
    });
    expect(status).toBe(200);
    expect(body.FailedEntryCount).toBe(0);
    const ids = (body.Entries as { EventId: string }[]).map((e) => e.EventId);
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    expect(queued).toEqual([
      {
        version: '0',
        id: ids[0],
        'detail-type': 'order.placed',
        source: 'commerce.orders',
        account: '000000000000',
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
        region: 'us-east-1',
        resources: [],
        detail: { id: 1 },
      },
    ]);
  });

  it('refuses bad entries one by one, as AWS does', async () => {
    const { body, queued } = await call({
      Entries: [
        entry({ Detail: '{not json' }),
        entry({ Source: undefined }),
        entry({ EventBusName: 'arn:aws:events:us-east-1:000000000000:event-bus/other' }),
        entry(),
      ],
    });
    expect(body.FailedEntryCount).toBe(3);
    expect((body.Entries as { ErrorCode?: string }[]).map((e) => e.ErrorCode)).toEqual([
      'MalformedDetail',
      'InvalidArgument',
      'ResourceNotFoundException',
      undefined,
    ]);
    expect(queued).toHaveLength(1);
  });

  it('refuses more than 10 entries, more than 256 KB, and other operations for the whole call', async () => {
    expect((await call({ Entries: Array.from({ length: 11 }, () => entry()) })).body).toMatchObject({
      __type: 'ValidationException',
    });
    const big = entry({ Detail: JSON.stringify({ text: 'x'.repeat(256 * 1024) }) });
    expect((await call({ Entries: [big] })).body).toMatchObject({ __type: 'ValidationException' });
    expect((await call({ Entries: [entry()] }, 'AWSEvents.ListRules')).body).toMatchObject({
      __type: 'UnknownOperationException',
    });
    expect((await call('not json')).body).toMatchObject({ __type: 'SerializationException' });
  });
});
