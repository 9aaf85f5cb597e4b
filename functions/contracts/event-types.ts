/**
 * The events the stage's bus carries into the service (docs/events.md), as plain data: the CDK
 * rule's pattern, the consumer, the sandbox's bus and the CLI all read them from here. No imports,
 * so the CDK app loads it without any function code.
 */

/** EventBridge `source` of the order system's events and of the user directory's. */
export const EVENT_SOURCES = { orders: 'commerce.orders', users: 'commerce.users' } as const;

/** Each event type (EventBridge `detail-type`) and the one source that may send it. */
export const EVENT_TYPES = {
  'order.placed': EVENT_SOURCES.orders,
  'order.status_changed': EVENT_SOURCES.orders,
  'user.registered': EVENT_SOURCES.users,
  'user.updated': EVENT_SOURCES.users,
} as const;

export type EventType = keyof typeof EVENT_TYPES;

export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];

export const isEventType = (value: unknown): value is EventType =>
  typeof value === 'string' && Object.hasOwn(EVENT_TYPES, value);
