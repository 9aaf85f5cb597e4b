import type { OrderPlaced, UserChanged } from '#functions/events/domain/event-details';

/** Valid details of each event type, for tests to change one field at a time. */
export const placed = (overrides: Partial<OrderPlaced> = {}): OrderPlaced => ({
  eventId: 'checkout-7f3a',
  occurredAt: '2026-11-20T09:15:00Z',
  version: 1,
  id: 3101,
  userId: 5,
  createdAt: '2026-11-20 09:14:58',
  status: 'paid',
  total: { value: 42.5, currency: 'EUR' },
  sentOn: null,
  ...overrides,
});

export const statusChanged = (overrides: Record<string, unknown> = {}) => ({
  eventId: 'checkout-7f3b',
  occurredAt: '2026-11-21T10:00:00Z',
  version: 2,
  id: 3101,
  status: 'shipped',
  sentOn: '2026-11-21',
  ...overrides,
});

export const userChanged = (overrides: Partial<UserChanged> = {}): UserChanged => ({
  eventId: 'directory-1',
  occurredAt: '2026-11-20T09:00:00Z',
  version: 1,
  id: 5001,
  username: 'nina.keller',
  firstName: 'Nina',
  lastName: 'Keller',
  email: 'nina.keller@example.com',
  phone: { home: '', mobile: '+41791234567' },
  address: { street: '', zipCode: '', city: '' },
  ...overrides,
});

/** An SQS record as the rule's target delivers an event: EventBridge's envelope in the body. */
export const busRecord = (messageId: string, type: string, detail: unknown, source?: string) => ({
  messageId,
  receiptHandle: `receipt-${messageId}`,
  body: JSON.stringify({
    version: '0',
    id: `id-${messageId}`,
    'detail-type': type,
    source: source ?? (type.startsWith('order.') ? 'commerce.orders' : 'commerce.users'),
    account: '000000000000',
    time: '2026-11-20T09:15:00Z',
    region: 'us-east-1',
    resources: [],
    detail,
  }),
  attributes: { ApproximateReceiveCount: '1' },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:commerce-api-test-order-events',
  awsRegion: 'us-east-1',
});

/** The outcome the consumer records for `placed()` applied on its first delivery `m1`, at 09:15:01 UTC. */
export const appliedOutcome = {
  eventId: 'checkout-7f3a',
  type: 'order.placed',
  outcome: 'applied',
  reason: 'placed',
  receiveCount: 1,
  at: '2026-11-20T09:15:01.000Z',
  record: { kind: 'order', id: 3101 },
  busEventId: 'id-m1',
} as const;
