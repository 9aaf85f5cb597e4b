import { isIsoCurrency } from '#commons/currencies';
import { INEXACT_NUMBER, inexactNumberPath } from '#commons/inexact-numbers';
import { excessDecimals } from '#commons/money';
import { EVENT_TYPES, type EventType, isEventType } from '#functions/contracts/event-types';
import type { RecordRef } from './domain/event-outcome';
import { EventRejected } from './domain/event-rejected';
import { checkDetail, EVENT_ID_PATTERN, type EventDetails } from './event-schemas';

/** An event of ours, its detail checked against its type's schema. */
export type BusEvent = {
  [T in EventType]: { readonly type: T; readonly detail: EventDetails[T] };
}[EventType];

/** Fields of EventBridge's envelope (what a rule's SQS target receives) besides type, source and detail. */
const ENVELOPE_FIELDS = new Set(['version', 'id', 'account', 'time', 'region', 'resources']);
const EVENT_FIELDS = new Set(['detail-type', 'source', 'detail']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the schema cannot say of an order's total (docs/decisions/money.md D103): an ISO 4217
 * currency, and a value that currency holds (no 1234.56 JPY).
 */
const totalProblem = (event: BusEvent): string | undefined => {
  if (event.type !== 'order.placed') return undefined;
  const { currency, value } = event.detail.total;
  if (!isIsoCurrency(currency)) return `detail/total/currency ${currency} is not an ISO 4217 currency`;
  const excess = excessDecimals({ currency, value });
  return excess === undefined ? undefined : `detail/total/value ${excess}`;
};

/**
 * Checks one event as EventBridge shows it (`detail-type`, `source`, `detail`, and the envelope's
 * other fields, which are ignored): a type of ours, from that type's source, whose detail holds
 * to the type's schema and whose amounts to their currency. `source` may be left out where the
 * type implies it (a file for `npm run events -- send`). `text`, the JSON the value was read
 * from, lets a number JSON.parse changed be refused. The message is general and names no value
 * of the event.
 */
export function checkBusEvent(
  value: unknown,
  options: { sourceRequired: boolean; text?: string },
): { ok: true; event: BusEvent } | { ok: false; problem: string } {
  if (!isObject(value)) return { ok: false, problem: 'an event is a JSON object' };
  const inexact = options.text === undefined ? undefined : inexactNumberPath(options.text);
  if (inexact !== undefined)
    return {
      ok: false,
      problem: `${inexact.slice(1).replaceAll('.', '/')} ${INEXACT_NUMBER}`,
    };
  const unknown = Object.keys(value).find((key) => !EVENT_FIELDS.has(key) && !ENVELOPE_FIELDS.has(key));
  if (unknown !== undefined) return { ok: false, problem: `unknown field ${JSON.stringify(unknown)}` };
  const type = value['detail-type'];
  if (!isEventType(type)) {
    return { ok: false, problem: `detail-type must be one of ${Object.keys(EVENT_TYPES).join(', ')}` };
  }
  const source = value.source;
  if (source === undefined ? options.sourceRequired : source !== EVENT_TYPES[type]) {
    return { ok: false, problem: `source must be ${EVENT_TYPES[type]} for ${type}` };
  }
  const checked = checkDetail(type, value.detail);
  if (!checked.ok) {
    const first = checked.problems.slice(0, 3).map((p) => `detail${p.at === '/' ? '' : p.at} ${p.problem}`);
    return { ok: false, problem: first.join('; ') };
  }
  const event = { type, detail: checked.detail } as BusEvent;
  const problem = totalProblem(event);
  return problem === undefined ? { ok: true, event } : { ok: false, problem };
}

/** The event in an SQS message from the bus's rule; EventRejected('invalid') when it is not one of ours. */
export function parseBusEvent(body: string): BusEvent {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new EventRejected('invalid', 'the message is not JSON');
  }
  const checked = checkBusEvent(value, { sourceRequired: true, text: body });
  if (!checked.ok) throw new EventRejected('invalid', `the event is not valid: ${checked.problem}`);
  return checked.event;
}

/** The kind of record an event type is about: `order.*` an order, `user.*` a user. */
const recordKindOf = (type: string): RecordRef['kind'] | undefined =>
  type.startsWith('order.') ? 'order' : type.startsWith('user.') ? 'user' : undefined;

/** The record an event of ours is about: its detail's `id`. */
export const recordOf = (event: BusEvent): RecordRef => ({
  kind: recordKindOf(event.type) ?? 'order',
  id: event.detail.id,
});

/** What names an event, read from its envelope as far as it can be, valid or not. */
export interface EventIdentity {
  /** `detail.eventId`, when it is one the schemas allow. */
  readonly eventId?: string;
  readonly type?: string;
  readonly record?: RecordRef;
  /** EventBridge's `id`. */
  readonly busEventId?: string;
}

/**
 * The identity of an event in EventBridge's envelope (an SQS message body, a dead letter), read
 * field by field, so that a refused event is named by its id and record too. Names nothing of
 * the event's personal content.
 */
export function eventIdentity(body: string): EventIdentity {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return {};
  }
  if (!isObject(value)) return {};
  const type = typeof value['detail-type'] === 'string' ? value['detail-type'] : undefined;
  const busEventId = typeof value.id === 'string' ? value.id : undefined;
  const detail = isObject(value.detail) ? value.detail : {};
  const eventId =
    typeof detail.eventId === 'string' && EVENT_ID_PATTERN.test(detail.eventId) ? detail.eventId : undefined;
  const id = detail.id;
  const kind = type === undefined ? undefined : recordKindOf(type);
  const record: RecordRef | undefined =
    kind && typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? { kind, id } : undefined;
  return {
    ...(eventId !== undefined ? { eventId } : {}),
    ...(type !== undefined ? { type } : {}),
    ...(record ? { record } : {}),
    ...(busEventId !== undefined ? { busEventId } : {}),
  };
}
