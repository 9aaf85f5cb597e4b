/**
 * The bus's order and user events and their outcomes as the events CLI (cli/events/), the sandbox's
 * sender (local/events/, local/seed/) and the events benchmark read and write them: the event's
 * shape and check, its identity, and the outcome item the consumer records (docs/decisions/order-and-user-events.md D78).
 */

export type { BusEvent, EventIdentity } from '#functions/events/bus-event';
export { checkBusEvent, eventIdentity, recordOf } from '#functions/events/bus-event';
export type { EventOutcome, RecordRef } from '#functions/events/domain/event-outcome';
export { recordLabel } from '#functions/events/domain/event-outcome';
export { outcomeOfItem } from '#functions/events/store/outcome-items';
