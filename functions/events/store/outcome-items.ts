import type { EventOutcome, OutcomeKind, RecordRef } from '../domain/event-outcome';

const OUTCOMES: readonly OutcomeKind[] = ['applied', 'ignored', 'refused'];

const recordOf = (value: unknown): RecordRef | undefined => {
  const record = value as Partial<RecordRef> | undefined;
  return (record?.kind === 'order' || record?.kind === 'user') && typeof record.id === 'number'
    ? { kind: record.kind, id: record.id }
    : undefined;
};

/**
 * The outcome an item holds (its key: functions/contracts/keys/outcome-keys.ts), or undefined for
 * an item that is not one.
 */
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
