import { type BusEvent, checkBusEvent } from '#functions/contracts/event-messages';

/** A line of the file that is not an event of ours: its number (1-based) and why, in general words. */
export interface LineProblem {
  readonly line: number;
  readonly problem: string;
}

export type ReadEvents =
  | { readonly ok: true; readonly events: BusEvent[] }
  | { readonly ok: false; readonly problems: LineProblem[] };

/**
 * Reads a file of events, one JSON object a line (JSON Lines; blank lines are skipped): each
 * with `detail-type`, `detail` and optionally `source` (the type implies it), or a whole
 * EventBridge envelope, as a dead-letter message holds it. Every line is checked against the
 * event schemas (published in docs/events/) before anything is sent, and each event id may appear once (its
 * outcome is recorded by event id): one bad line refuses the file.
 */
export function readEvents(text: string): ReadEvents {
  const events: BusEvent[] = [];
  const problems: LineProblem[] = [];
  // The consumer records one outcome per event id, so a file names each event id once.
  const lineOfEventId = new Map<string, number>();
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      problems.push({ line: i + 1, problem: 'not JSON' });
      return;
    }
    const checked = checkBusEvent(value, { sourceRequired: false, text: raw });
    if (!checked.ok) {
      problems.push({ line: i + 1, problem: checked.problem });
      return;
    }
    const earlier = lineOfEventId.get(checked.event.detail.eventId);
    if (earlier !== undefined) {
      problems.push({
        line: i + 1,
        problem: `the same eventId as line ${earlier}: each event once in a file`,
      });
      return;
    }
    lineOfEventId.set(checked.event.detail.eventId, i + 1);
    events.push(checked.event);
  });
  if (problems.length > 0) return { ok: false, problems };
  if (events.length === 0) return { ok: false, problems: [{ line: 1, problem: 'the file holds no event' }] };
  return { ok: true, events };
}
