/**
 * What became of one event, as the consumer records it for the operator (docs/decisions/order-and-user-events.md D78,
 * docs/events.md): applied, ignored (a duplicate, or a version not above the stored one) or
 * refused (with the reason and the delivery's receive count; SQS delivers it again until the
 * dead-letter queue takes it). Plain data, no AWS import: the consumer writes it, the CLI reads it.
 */
export type OutcomeKind = 'applied' | 'ignored' | 'refused';

/** The record an event is about: `order 3101`, `user 5`. */
export interface RecordRef {
  readonly kind: 'order' | 'user';
  readonly id: number;
}

export const recordLabel = (record: RecordRef | undefined): string =>
  record ? `${record.kind} ${record.id}` : '-';

/** An event's outcome, without where or when it was seen (that is the delivery's). */
export interface EventResult {
  readonly outcome: OutcomeKind;
  /** In general words, naming record ids only, never the event's personal content. */
  readonly reason: string;
}

/** One outcome record: the event, its result, the delivery it came from. */
export interface EventOutcome extends EventResult {
  /** The sender's `detail.eventId`, the record's key. */
  readonly eventId: string;
  /** The `detail-type` as sent (it may not be one of ours when the event was refused as invalid). */
  readonly type: string;
  readonly record?: RecordRef;
  /** SQS's ApproximateReceiveCount of the delivery: 1 on the first, up to maxReceiveCount. */
  readonly receiveCount: number;
  /** EventBridge's id of the event (the envelope's `id`, PutEvents' EventId): one per send, the same on a redrive. */
  readonly busEventId?: string;
  /** When the consumer first saw this event id, and when it handled this delivery (ISO 8601). */
  readonly firstSeenAt: string;
  readonly at: string;
}

export const applied = (reason: string): EventResult => ({ outcome: 'applied', reason });

export const duplicate = (record: RecordRef): EventResult => ({
  outcome: 'ignored',
  reason: `duplicate: ${recordLabel(record)} exists already`,
});

export const older = (record: RecordRef, version: number): EventResult => ({
  outcome: 'ignored',
  reason: `older: version ${version} is not above the stored version of ${recordLabel(record)}`,
});

/**
 * How long an outcome record is kept (its TTL, `expiresAt`): as long as the dead-letter queue
 * keeps a message (14 days, lib/order-events-settings.ts; a unit test holds them together), so
 * every dead letter still has its reason.
 */
export const OUTCOME_KEEP_SECONDS = 14 * 24 * 60 * 60;

export const outcomeExpiry = (at: Date): number => Math.floor(at.getTime() / 1000) + OUTCOME_KEEP_SECONDS;
