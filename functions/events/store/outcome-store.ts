import type { EventOutcome } from '../domain/event-outcome';

/** Where the consumer keeps each event's outcome for the operator (docs/decisions/order-and-user-events.md D78). */
export interface OutcomeStore {
  /**
   * Records the outcome of one delivery under its event id, until `expiresAt` (epoch seconds).
   * The first time the event id was seen is kept; an `applied` of one EventBridge event is never
   * overwritten by a redelivery of that same event (which finds the change made and is ignored).
   */
  record(outcome: Omit<EventOutcome, 'firstSeenAt'>, expiresAt: number): Promise<void>;
}
