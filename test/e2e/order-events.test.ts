/**
 * Orders and users as events through the sandbox's bus → rule → queue → consumer (issue 12 §2,
 * §3, docs/events.md): what a sender sees through the API afterwards. Order ids above the seed's
 * and users no other e2e test reads (order 9101+, users 5001 to 5003): the orders' customer is
 * a user registered by an event first, so no seeded customer's list changes under other tests.
 */

import { GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { eventsDeadLetterQueueName } from '#lib/order-events-settings';
import { localQueueUrl, sandboxSqsClient } from '#local/queues/local-sqs';
import { api, baseUrl } from './support/api';
import { runningSharedSandbox, sendEvents, until } from './support/bus-events';
import { bearer, tokenFor } from './support/tokens';

/** Registered by a user.registered event before the order tests. */
const CUSTOMER = 5003;
const ORDER = 9101;
const NEW_USER = 5001;
const UNKNOWN_USER = 5002;

/** Deliveries the consumer has settled so far (deleted or left for a retry). */
const settled = async (): Promise<number> => {
  const stats = (await fetch(new URL('/_sandbox/stats', baseUrl())).then((r) => r.json())) as {
    mappings: Record<string, { deleted: number; retried: number }>;
  };
  const consumer = stats.mappings['consume-events'];
  return consumer ? consumer.deleted + consumer.retried : 0;
};

/** Sends events and waits until the consumer has handled that many more deliveries. */
const sendAndSettle = async (...events: { type: string; detail: Record<string, unknown> }[]) => {
  const before = await settled();
  await sendEvents(...events);
  await until('the consumer', async () => ((await settled()) >= before + events.length ? true : undefined));
};

const placed = (overrides: Record<string, unknown> = {}) => ({
  eventId: `e2e-order-${ORDER}-v1`,
  occurredAt: '2026-11-20T09:15:00Z',
  version: 1,
  id: ORDER,
  userId: CUSTOMER,
  createdAt: '2026-11-20 09:14:58',
  status: 'paid',
  total: { value: 42.5, currency: 'EUR' },
  sentOn: null,
  ...overrides,
});

const customer = bearer(tokenFor(CUSTOMER));
const admin = bearer(tokenFor(1, { admin: true }));
const expectedOrder = {
  id: ORDER,
  user_id: CUSTOMER,
  created_at: '2026-11-20 09:14:58',
  status: 'paid',
  total: { value: 42.5, currency: 'EUR' },
  sent_on: null,
};

describe('order events', () => {
  beforeAll(async () => {
    await sendEvents({
      type: 'user.registered',
      detail: {
        eventId: `e2e-user-${CUSTOMER}-v1`,
        occurredAt: '2026-11-20T08:00:00Z',
        version: 1,
        id: CUSTOMER,
        username: 'otto.brandt',
        firstName: 'Otto',
        lastName: 'Brandt',
        email: 'otto.brandt@example.com',
        phone: { home: '', mobile: '' },
        address: { street: '', zipCode: '', city: '' },
      },
    });
    await until('the customer', async () =>
      (await api('/@me', { headers: customer })).status === 200 ? true : undefined,
    );
  });

  it('an order.placed is readable at GET /orders/{id} and first in /@me/orders within 2 s', async () => {
    const listBefore = await api('/@me/orders?limit=1', { headers: customer });
    const started = Date.now();
    await sendEvents({ type: 'order.placed', detail: placed() });
    const order = await until(
      'the order',
      async () => {
        const response = await api(`/orders/${ORDER}`, { headers: customer });
        return response.status === 200 ? response.body : undefined;
      },
      2000,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(order).toEqual(expectedOrder);
    const list = await api('/@me/orders?limit=2', { headers: customer });
    expect(list.body).toEqual([
      { id: ORDER, created_at: expectedOrder.created_at, status: 'paid', total: expectedOrder.total },
      ...(listBefore.body as unknown[]),
    ]);
  });

  it('a duplicate (redelivered, or the same order again) changes nothing', async () => {
    await sendAndSettle(
      { type: 'order.placed', detail: placed() },
      {
        type: 'order.placed',
        detail: placed({ eventId: 'e2e-other-sender', total: { value: 1, currency: 'EUR' } }),
      },
    );
    expect((await api(`/orders/${ORDER}`, { headers: customer })).body).toEqual(expectedOrder);
    const list = (await api('/@me/orders?limit=3', { headers: customer })).body as { id: number }[];
    expect(list.filter((o) => o.id === ORDER)).toHaveLength(1);
    expect(list[0]!.id).toBe(ORDER);
  });

  it('a status change applies by version; an older one changes nothing', async () => {
    const change = (version: number, status: string, sentOn: string | null) => ({
      type: 'order.status_changed',
      detail: {
        eventId: `e2e-${ORDER}-v${version}`,
        occurredAt: '2026-11-21T10:00:00Z',
        version,
        id: ORDER,
        status,
        sentOn,
      },
    });
    await sendAndSettle(change(3, 'shipped', '2026-11-21'));
    await sendAndSettle(change(2, 'cancelled', null));
    expect((await api(`/orders/${ORDER}`, { headers: customer })).body).toEqual({
      ...expectedOrder,
      status: 'shipped',
      sent_on: '2026-11-21',
    });
  });

  it('a bad event (unknown user, or failing its schema) lands in the dead-letter queue, counted, and writes nothing', async () => {
    const sandbox = runningSharedSandbox();
    const sqs = sandboxSqsClient(sandbox.sqsEndpoint);
    const deadLetters = async () => {
      const { Attributes } = await sqs.send(
        new GetQueueAttributesCommand({
          QueueUrl: localQueueUrl(sandbox.sqsEndpoint, eventsDeadLetterQueueName('sandbox')),
          AttributeNames: ['ApproximateNumberOfMessages'],
        }),
      );
      return Number(Attributes?.ApproximateNumberOfMessages ?? 0);
    };
    try {
      const before = await deadLetters();
      const retriedBefore = await settled();
      await sendEvents(
        {
          type: 'order.placed',
          detail: placed({ id: ORDER + 1, userId: UNKNOWN_USER, eventId: 'e2e-unknown-user' }),
        },
        { type: 'order.placed', detail: placed({ id: ORDER + 2, version: 0, eventId: 'e2e-bad-version' }) },
      );
      await until(
        'the dead-letter queue',
        async () => ((await deadLetters()) >= before + 2 ? true : undefined),
        20_000,
      );
      // Each was delivered maxReceiveCount (3) times and refused every time.
      expect((await settled()) - retriedBefore).toBeGreaterThanOrEqual(6);
      for (const id of [ORDER + 1, ORDER + 2]) {
        expect((await api(`/orders/${id}`, { headers: admin })).status).toBe(404);
      }
    } finally {
      sqs.destroy();
    }
  });
});

describe('user events', () => {
  it('a user.registered makes a user whose /@me answers', async () => {
    const token = bearer(tokenFor(NEW_USER));
    expect((await api('/@me', { headers: token })).status).toBe(404);
    await sendEvents({
      type: 'user.registered',
      detail: {
        eventId: `e2e-user-${NEW_USER}-v1`,
        occurredAt: '2026-11-20T09:00:00Z',
        version: 1,
        id: NEW_USER,
        username: 'nina.keller',
        firstName: 'Nina',
        lastName: 'Keller',
        email: 'nina.keller@example.com',
        phone: { home: '', mobile: '+41791234567' },
        address: { street: '', zipCode: '', city: '' },
      },
    });
    const me = await until('the user', async () => {
      const response = await api('/@me', { headers: token });
      return response.status === 200 ? response.body : undefined;
    });
    expect(me).toEqual({
      id: NEW_USER,
      first_name: 'Nina',
      last_name: 'Keller',
      email: 'nina.keller@example.com',
      phone: { home: '', mobile: '+41791234567' },
      address: { street: '', zip_code: '', city: '' },
    });
    expect((await api('/profile/@me', { headers: token })).body).toEqual({
      id: NEW_USER,
      username: 'nina.keller',
    });
  });
});
