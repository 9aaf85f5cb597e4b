/**
 * An event's outcome item (docs/decisions/order-and-user-events.md D78): `EVENT#<event id>` / `OUTCOME`, expiring
 * (`expiresAt`, the table's TTL) after the dead-letter queue's retention. The consumer writes
 * it; `npm run events` reads it with the operator's credentials.
 */
export const OUTCOME_PREFIX = 'EVENT#';
export const outcomeKey = (eventId: string) => ({ pk: `${OUTCOME_PREFIX}${eventId}`, sk: 'OUTCOME' });
