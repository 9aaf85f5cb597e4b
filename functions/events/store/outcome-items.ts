import type { EventOutcome, OutcomeKind, RecordRef } from '../domain/event-outcome';

/**
 * An event's outcome item (docs/design.md D78): `EVENT#<event id>` / `OUTCOME`, expiring
 * (`expiresAt`, the table's TTL) after the dead-letter queue's retention. The consumer writes
 * it; `npm run events` reads it with the operator's credentials.
 */
export const OUTCOME_PREFIX = 'EVENT#';
export const outcomeKey = (eventId: string) => ({ pk: `${OUTCOME_PREFIX}${eventId}`, sk: 'OUTCOME' });

const OUTCOMES: readonly OutcomeKind[] = ['applied', 'ignored', 'refused'];

const recordOf = (value: unknown): RecordRef | undefined => {
  const record = value as Partial<RecordRef> | undefined;
  return (record?.kind === 'order' || record?.kind === 'user') && typeof record.id === 'number'
    ? { kind: record.kind, id: record.id }
    : undefined;
};

/** The outcome an item holds, or undefined for an item that is not one. */
export function outcomeOfItem(item: Record<string, unknown> | undefined): EventOutcome | undefined {
  if (!item || typeof item.eventId !== 'string') return undefined;
  const outcome = item.outcome as OutcomeKind;
  if (!OUTCOMES.includes(outcome)) return undefined;
  const record = recordOf(item.record);
  return {
    eventId: item.eventId,
    type: String(item.type ?? '-'),
    outcome,
    reason: String(item.reason ?? ''),
    receiveCount: Number(item.receiveCount ?? 0),
    firstSeenAt: String(item.firstSeenAt ?? item.at ?? ''),
    at: String(item.at ?? ''),
    ...(record ? { record } : {}),
    ...(typeof item.busEventId === 'string' ? { busEventId: item.busEventId } : {}),
  };
}
