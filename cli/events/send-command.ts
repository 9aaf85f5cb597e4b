import { recordOf } from '#functions/contracts/event-messages';
import { sendEvents } from '#local/events/send-events';
import { readInputFile } from '../input-file';
import type { EventsTarget } from './events-target';
import { type Output, reportOutcomes } from './outcome-report';
import { readEvents } from './read-events';
import type { AwaitedEvent } from './wait-outcomes';

export type { Output } from './outcome-report';

/** Problems printed for a refused file; the rest are counted. */
const MAX_PROBLEMS_SHOWN = 20;

export interface SendOptions {
  /** Wait for each event's outcome (the default); `--no-wait` only sends. */
  readonly wait: boolean;
  /** Stop waiting after this many seconds without a new outcome. */
  readonly stallSeconds?: number;
}

/**
 * `send FILE`: checks every line, sends, then waits for each event's outcome (docs/events.md).
 * Exit code 0 only when every event was accepted by the bus and, unless `--no-wait`, applied or ignored.
 */
export async function sendCommand(
  file: string,
  target: EventsTarget,
  io: Output,
  options: SendOptions = { wait: true },
): Promise<number> {
  const text = await readInputFile(file);
  const read = readEvents(text);
  if (!read.ok) {
    io.err(`${file} is refused, nothing was sent: ${read.problems.length} bad line(s).`);
    for (const { line, problem } of read.problems.slice(0, MAX_PROBLEMS_SHOWN))
      io.err(`  line ${line}: ${problem}`);
    if (read.problems.length > MAX_PROBLEMS_SHOWN) {
      io.err(`  … and ${read.problems.length - MAX_PROBLEMS_SHOWN} more`);
    }
    return 1;
  }
  const { events } = read;
  io.out(
    `Sending ${events.length} event${events.length === 1 ? '' : 's'} to ${target.busName} (stage ${target.stage}) …`,
  );
  const sent = await sendEvents(target.client, target.busName, events);
  io.out(
    `${sent.accepted} of ${events.length} accepted by the bus` +
      (sent.failed > 0 ? `, ${sent.failed} not accepted (not sent: send them again):` : '.'),
  );
  for (const { event, reason } of sent.failures) io.err(`  event ${event}: ${reason}`);
  if (!options.wait) {
    io.out(
      `Not waiting for their outcomes (--no-wait): an event the consumer refuses ends in the dead-letter queue ` +
        `${target.deadLetterQueueName} (\`npm run events -- dead-letters${target.flags}\`).`,
    );
    return sent.failed === 0 ? 0 : 1;
  }
  io.out('Waiting for the outcome of each event …');
  const awaited = events.flatMap((event, i): AwaitedEvent[] => {
    const busEventId = sent.busEventIds[i];
    return busEventId === undefined
      ? []
      : [
          {
            eventId: event.detail.eventId,
            type: event.type,
            record: recordOf(event),
            isOurs: (outcome) => outcome.busEventId === busEventId,
          },
        ];
  });
  const code = awaited.length > 0 ? await reportOutcomes(target, awaited, io, options.stallSeconds) : 1;
  return sent.failed === 0 ? code : 1;
}
