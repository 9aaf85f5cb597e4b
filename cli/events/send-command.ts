import { readInputFile } from '../input-file';
import type { EventsTarget } from './events-target';
import { readEvents } from './read-events';
import { sendEvents } from './send-events';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/** Problems printed for a refused file; the rest are counted. */
const MAX_PROBLEMS_SHOWN = 20;

/** `send FILE`: checks every line, then sends; the exit code is 0 when every event was accepted. */
export async function sendCommand(file: string, target: EventsTarget, io: Output): Promise<number> {
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
  io.out(`Sending ${read.events.length} events to ${target.busName} (stage ${target.stage}) …`);
  const outcome = await sendEvents(target.client, target.busName, read.events);
  io.out(`${outcome.accepted} accepted, ${outcome.failed} failed.`);
  for (const { event, reason } of outcome.failures) io.err(`  event ${event}: ${reason}`);
  return outcome.failed === 0 ? 0 : 1;
}
