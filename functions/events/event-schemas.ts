import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { EventType } from '#functions/contracts/event-types';
import type { OrderPlaced, OrderStatusChanged, UserChanged } from './domain/event-details';
import orderPlaced from './schemas/order.placed.schema.json';
import orderStatusChanged from './schemas/order.status_changed.schema.json';
import userRegistered from './schemas/user.registered.schema.json';
import userUpdated from './schemas/user.updated.schema.json';

/**
 * The JSON Schemas of the events (the contract, written once in ./schemas/), each by its type.
 * docs/events/ publishes copies written from these (lib/published-schemas/write-published-schemas.ts).
 */
export const eventSchemas: Record<EventType, object> = {
  'order.placed': orderPlaced,
  'order.status_changed': orderStatusChanged,
  'user.registered': userRegistered,
  'user.updated': userUpdated,
};

/**
 * The schemas compiled with ajv: the consumer, the CLI and the tests validate an event's `detail`
 * with exactly what the documentation publishes.
 */
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv, ['date-time', 'iso-date-time', 'date', 'email']);

const validators = Object.fromEntries(
  Object.entries(eventSchemas).map(([type, schema]) => [type, ajv.compile(schema)]),
) as Record<EventType, ValidateFunction>;

/** An event id as every event schema allows it (the same pattern in the four). */
export const EVENT_ID_PATTERN = new RegExp(orderPlaced.properties.eventId.pattern);

/** The detail each event type carries once its schema holds. */
export interface EventDetails {
  'order.placed': OrderPlaced;
  'order.status_changed': OrderStatusChanged;
  'user.registered': UserChanged;
  'user.updated': UserChanged;
}

/** One schema violation in general words: where (a JSON pointer into the detail) and what. */
export interface DetailProblem {
  readonly at: string;
  readonly problem: string;
}

const describe = (error: ErrorObject): DetailProblem => {
  const at = error.instancePath || '/';
  if (error.keyword === 'additionalProperties') {
    return { at, problem: `has an unknown field ${String(error.params.additionalProperty)}` };
  }
  if (error.keyword === 'required') {
    return { at, problem: `lacks the field ${String(error.params.missingProperty)}` };
  }
  return { at, problem: error.message ?? 'is not valid' };
};

export type DetailCheck<T extends EventType> =
  | { readonly ok: true; readonly detail: EventDetails[T] }
  | { readonly ok: false; readonly problems: readonly DetailProblem[] };

/** Checks an event's detail against its type's schema. */
export function checkDetail<T extends EventType>(type: T, detail: unknown): DetailCheck<T> {
  const validate = validators[type];
  if (validate(detail)) return { ok: true, detail: detail as EventDetails[T] };
  return { ok: false, problems: (validate.errors ?? []).map(describe) };
}
