import { setTimeout as sleep } from 'node:timers/promises';
import type { EventOutcome, RecordRef } from '#functions/contracts/event-messages';

/** An event whose outcome a command waits for. */
export interface AwaitedEvent {
  readonly eventId: string;
  readonly type: string;
  readonly record?: RecordRef;
  /** Whether a recorded outcome is of this sending (not of an earlier one of the same event id). */
  readonly isOurs: (outcome: EventOutcome) => boolean;
}

export interface WaitOptions {
  /** Stop waiting when no new outcome came for this long. */
  readonly stallMs: number;
  /** Between two reads of the outcomes. */
  readonly pollMs?: number;
}

/** 60 s with no new outcome: the consumer is stopped or far behind (it applies about 100 events a second in the sandbox). */
export const DEFAULT_STALL_SECONDS = 60;
const POLL_MS = 500;

/**
 * Reads the outcomes of the awaited events until each has one of its own, or until no new
 * outcome came for `stallMs` (a large file keeps the command waiting as long as outcomes keep
 * coming). Each outcome is handed to `onOutcome` as it arrives; the answer holds them all and the
 * events still without one.
 */
export async function waitForOutcomes(
  read: (eventIds: readonly string[]) => Promise<Map<string, EventOutcome>>,
  awaited: readonly AwaitedEvent[],
  onOutcome: (event: AwaitedEvent, outcome: EventOutcome) => void,
  options: WaitOptions,
): Promise<{ outcomes: Map<string, EventOutcome>; pending: AwaitedEvent[] }> {
  const outcomes = new Map<string, EventOutcome>();
  let pending = [...awaited];
  let lastNews = Date.now();
  while (pending.length > 0) {
    const found = await read(pending.map((event) => event.eventId));
    const still: AwaitedEvent[] = [];
    for (const event of pending) {
      const outcome = found.get(event.eventId);
      if (outcome && event.isOurs(outcome)) {
        outcomes.set(event.eventId, outcome);
        onOutcome(event, outcome);
        lastNews = Date.now();
      } else {
        still.push(event);
      }
    }
    pending = still;
    if (pending.length === 0 || Date.now() - lastNews >= options.stallMs) break;
    await sleep(options.pollMs ?? POLL_MS);
  }
  return { outcomes, pending };
}
