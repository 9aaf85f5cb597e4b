import { checkBusEvent, parseBusEvent } from '#functions/events/bus-event';
import { EventRejected } from '#functions/events/domain/event-rejected';
import { orderPlacedEvents } from '#functions/events/domain/order-placed-events';
import { checkDetail } from '#functions/events/event-schemas';
import { seedOrders } from '#local/seed/order-seed';
import { seedUsers } from '#local/seed/user-seed';
import { placed, statusChanged, userChanged } from './event-fixtures';

describe('the event schemas of docs/events/', () => {
  it('accept every seed order as order.placed and every seed user as user.registered', () => {
    for (const entry of orderPlacedEvents(seedOrders())) {
      expect(checkDetail('order.placed', entry.detail)).toMatchObject({ ok: true });
    }
    for (const user of seedUsers()) {
      const detail = {
        ...user,
        eventId: `user-${user.id}-v1`,
        occurredAt: '2025-01-01T00:00:00Z',
        version: 1,
      };
      expect(checkDetail('user.registered', detail)).toMatchObject({ ok: true });
    }
  });

  it('accept a status change and a user update', () => {
    expect(checkDetail('order.status_changed', statusChanged())).toMatchObject({ ok: true });
    expect(checkDetail('order.status_changed', statusChanged({ sentOn: null }))).toMatchObject({ ok: true });
    expect(checkDetail('user.updated', userChanged({ version: 7 }))).toMatchObject({ ok: true });
  });

  it.each([
    ['a missing field', () => ({ ...placed(), total: undefined }), '/', 'lacks the field total'],
    ['an unknown field', () => ({ ...placed(), note: 'x' }), '/', 'has an unknown field note'],
    ['version 0', () => placed({ version: 0 }), '/version', 'must be >= 1'],
    ['a fractional version', () => placed({ version: 1.5 }), '/version', 'must be integer'],
    ['a day that does not exist', () => placed({ createdAt: '2025-02-30 10:00:00' }), '/createdAt', ''],
    [
      'an ISO time instead of the spec format',
      () => placed({ createdAt: '2025-02-03T10:00:00Z' }),
      '/createdAt',
      '',
    ],
    ['an unknown status', () => ({ ...placed(), status: 'lost' }), '/status', ''],
    ['a lower-case currency', () => placed({ total: { value: 1, currency: 'eur' } }), '/total/currency', ''],
    ['a negative total', () => placed({ total: { value: -1, currency: 'EUR' } }), '/total/value', ''],
    [
      'an occurredAt without time zone',
      () => placed({ occurredAt: '2026-11-20T09:15:00' }),
      '/occurredAt',
      '',
    ],
    ['an event id with spaces', () => placed({ eventId: 'a b' }), '/eventId', ''],
  ])('refuse an order.placed with %s', (_case, detail, at, problem) => {
    const checked = checkDetail('order.placed', detail());
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.map((p) => p.at)).toContain(at);
    if (problem) expect(checked.problems).toContainEqual({ at, problem });
  });

  it('refuse a status change to version 1 and a user with a control character in a name', () => {
    expect(checkDetail('order.status_changed', statusChanged({ version: 1 })).ok).toBe(false);
    expect(checkDetail('user.updated', userChanged({ lastName: 'Kel\u0007ler' })).ok).toBe(false);
    expect(checkDetail('user.updated', userChanged({ email: 'not-an-address' })).ok).toBe(false);
    expect(checkDetail('user.updated', userChanged({ phone: { home: '0612', mobile: '' } })).ok).toBe(false);
  });
});

describe('an event on the bus', () => {
  const event = { 'detail-type': 'order.placed', source: 'commerce.orders', detail: placed() };

  it('is one of our types, from its type’s source', () => {
    expect(checkBusEvent(event, { sourceRequired: true })).toEqual({
      ok: true,
      event: { type: 'order.placed', detail: placed() },
    });
    expect(checkBusEvent({ ...event, source: 'commerce.users' }, { sourceRequired: true })).toEqual({
      ok: false,
      problem: 'source must be commerce.orders for order.placed',
    });
    expect(
      checkBusEvent({ ...event, 'detail-type': 'order.deleted' }, { sourceRequired: true }),
    ).toMatchObject({
      ok: false,
      problem: expect.stringContaining('detail-type must be one of order.placed'),
    });
  });

  it('may leave out its source where a file implies it, but not on the bus', () => {
    const { source: _source, ...withoutSource } = event;
    expect(checkBusEvent(withoutSource, { sourceRequired: false }).ok).toBe(true);
    expect(checkBusEvent(withoutSource, { sourceRequired: true }).ok).toBe(false);
  });

  it('refuses unknown fields and names where its detail fails, without its values', () => {
    expect(checkBusEvent({ ...event, extra: 1 }, { sourceRequired: true })).toEqual({
      ok: false,
      problem: 'unknown field "extra"',
    });
    const bad = checkBusEvent({ ...event, detail: placed({ userId: -3 }) }, { sourceRequired: true });
    expect(bad).toEqual({ ok: false, problem: 'detail/userId must be >= 1' });
  });

  it('refuses a total its currency cannot hold or a currency ISO 4217 does not list', () => {
    const withTotal = (total: { value: number; currency: string }) =>
      checkBusEvent({ ...event, detail: placed({ total }) }, { sourceRequired: true });
    expect(withTotal({ value: 5036, currency: 'JPY' }).ok).toBe(true);
    expect(withTotal({ value: 1.235, currency: 'KWD' }).ok).toBe(true);
    expect(withTotal({ value: 1234.56, currency: 'JPY' })).toEqual({
      ok: false,
      problem: 'detail/total/value has more decimals than JPY has (0)',
    });
    expect(withTotal({ value: 1.2345, currency: 'KWD' })).toEqual({
      ok: false,
      problem: 'detail/total/value has more decimals than KWD has (3)',
    });
    expect(withTotal({ value: 10, currency: 'ABC' })).toEqual({
      ok: false,
      problem: 'detail/total/currency ABC is not an ISO 4217 currency',
    });
  });

  it('refuses a number its JSON text wrote that a double would change', () => {
    const text = JSON.stringify({ ...event, detail: placed({ total: { value: 42.5, currency: 'EUR' } }) });
    const inexact = text.replace('"value":42.5', '"value":42.500000000000001');
    expect(() => parseBusEvent(inexact)).toThrow(
      new EventRejected(
        'invalid',
        'the event is not valid: detail/total/value has more significant digits than a number keeps exactly (15)',
      ),
    );
    expect(parseBusEvent(text).type).toBe('order.placed');
  });

  it('in an SQS message is refused as invalid when it is not JSON or not ours', () => {
    expect(() => parseBusEvent('{')).toThrow(new EventRejected('invalid', 'the message is not JSON'));
    expect(() => parseBusEvent('[]')).toThrow(EventRejected);
  });
});

describe('orderPlacedEvents (the seed through the bus)', () => {
  it('gives each order one event, oldest first, with ids that do not change between runs', () => {
    const orders = seedOrders();
    const events = orderPlacedEvents([...orders].reverse());
    expect(events).toHaveLength(orders.length);
    expect(events.map((e) => e.detail.id)).toEqual(orders.map((o) => o.id));
    expect(events[0]).toEqual({
      'detail-type': 'order.placed',
      source: 'commerce.orders',
      detail: expect.objectContaining({ eventId: 'order-1-v1', version: 1, id: 1 }),
    });
    expect(orderPlacedEvents(orders)).toEqual(events);
  });
});
