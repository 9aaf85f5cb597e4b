import { type EventOutcome, recordLabel } from '#functions/contracts/event-messages';
import { orderEventsSettings } from '#lib/order-events-settings';
import type { EventsTarget } from './events-target';
import { readOutcomes } from './read-outcomes';
import { type AwaitedEvent, DEFAULT_STALL_SECONDS, waitForOutcomes } from './wait-outcomes';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

const NO_OUTCOME = 'no outcome yet';

/** One event's line: event id, type, record, outcome, reason (a refusal with its receive count). */
export const outcomeLine = (
  event: Pick<AwaitedEvent, 'eventId' | 'type' | 'record'>,
  outcome: EventOutcome | undefined,
): string => {
  const reason = !outcome
    ? ''
    : outcome.outcome === 'refused'
      ? `${outcome.reason} (receive ${outcome.receiveCount} of ${orderEventsSettings.queue.maxReceiveCount})`
      : outcome.reason;
  return [
    `  ${event.eventId.padEnd(24)}`,
    event.type.padEnd(20),
    recordLabel(event.record).padEnd(14),
    (outcome?.outcome ?? NO_OUTCOME).padEnd(8),
    reason,
  ]
    .join(' ')
    .trimEnd();
};

/**
 * Waits for the outcome of each awaited event (docs/events.md), printing each one's line as it
 * comes, then a summary and, for refused events or events without an outcome, what happens next
 * and what to do. Exit code 0 only when every event was applied or ignored.
 */
export async function reportOutcomes(
  target: EventsTarget,
  awaited: readonly AwaitedEvent[],
  io: Output,
  stallSeconds: number = DEFAULT_STALL_SECONDS,
): Promise<number> {
  const resources = await target.resources();
  const { outcomes, pending } = await waitForOutcomes(
    (ids) => readOutcomes(resources, ids),
    awaited,
    (event, outcome) => (outcome.outcome === 'refused' ? io.err : io.out)(outcomeLine(event, outcome)),
    { stallMs: stallSeconds * 1000 },
  );
  for (const event of pending) io.err(outcomeLine(event, undefined));
  const count = (kind: EventOutcome['outcome']) =>
    [...outcomes.values()].filter((outcome) => outcome.outcome === kind).length;
  const refused = count('refused');
  io.out(
    `${awaited.length} event${awaited.length === 1 ? '' : 's'}: ${count('applied')} applied, ${count('ignored')} ignored, ` +
      `${refused} refused${pending.length > 0 ? `, ${pending.length} with ${NO_OUTCOME}` : ''}.`,
  );
  if (refused > 0) {
    io.err(
      `Refused events are delivered again (${target.retries}), then kept in the dead-letter queue ` +
        `${target.deadLetterQueueName}: \`npm run events -- dead-letters${target.flags}\` lists them; once the cause ` +
        `is fixed (the user registered, the order placed), \`npm run events -- redrive${target.flags}\` sends them back.`,
    );
  }
  if (pending.length > 0) {
    io.err(
      `No outcome came for ${stallSeconds} s: the consumer is stopped or far behind (see the events queue's depth on the ` +
        `stage's dashboard). Send the file again later to see each outcome (events applied meanwhile are then ignored as duplicates).`,
    );
  }
  return refused > 0 || pending.length > 0 ? 1 : 0;
}
