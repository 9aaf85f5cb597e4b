/**
 * `npm run events -- send FILE | dead-letters | redrive [--id ID] [--stage NAME] [--state-dir DIR]`:
 * sends a file of order and user events (JSON Lines, docs/events.md) to a stage's bus and reports
 * what the consumer did with each; lists the events its dead-letter queue holds; sends them back.
 */
import { deadLettersCommand, redriveCommand } from '#cli/events/dead-letters';
import { resolveEventsTarget } from '#cli/events/events-target';
import { sendCommand } from '#cli/events/send-command';
import { parseStageCommand, runStageCommand, UsageError } from '#cli/stage-command';

const USAGE = `Usage: npm run events -- send FILE [--no-wait] | dead-letters | redrive [--id EVENT_ID] [--no-wait]
                      [--stage NAME] [--state-dir DIR]

  send FILE        send the events of FILE (JSON Lines, one event a line, docs/events.md); every line
                   is checked first, and one bad line refuses the file. Then waits for each event's
                   outcome (applied, ignored, refused) and prints it; exit 1 when any was refused or
                   has no outcome after 60 s without news
  dead-letters     list the events in the dead-letter queue (event id, type, record, receives, first
                   seen, reason); nothing is removed
  redrive          send the dead-letter queue's events back to the events queue, then wait for their
                   outcomes; --id EVENT_ID sends only that one
  --no-wait        send or redrive without waiting for outcomes
  --stage NAME     sandbox (default: the sandbox running on --state-dir) or a deployed stage (its bus
                   commerce-api-NAME, its table and queues from its stack's outputs, with the AWS SDK's
                   default credentials and region)
  --state-dir DIR  the sandbox's state directory (default .sandbox/)`;

async function main(): Promise<number> {
  const { positionals, stage, stateDir, help, options } = parseStageCommand(process.argv.slice(2), {
    wait: { type: 'boolean', default: true },
    id: { type: 'string' },
  });
  if (help) {
    console.log(USAGE);
    return 0;
  }
  const [command, ...rest] = positionals;
  const wait = options.wait !== false;
  const id = options.id as string | undefined;
  const usage = (message: string) => new UsageError(message);
  if (command === 'send') {
    if (rest.length !== 1) throw usage('Give send one file.');
  } else if (command === 'dead-letters' || command === 'redrive') {
    if (rest.length > 0) throw usage(`${command} takes no file.`);
  } else {
    throw usage('Give a command: send FILE, dead-letters or redrive.');
  }
  if (id !== undefined && command !== 'redrive') throw usage('--id goes with redrive.');
  const target = resolveEventsTarget(stage, stateDir);
  const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
  try {
    if (command === 'send') return await sendCommand(rest[0]!, target, io, { wait });
    if (command === 'dead-letters') return await deadLettersCommand(target, io);
    return await redriveCommand(target, io, { wait, ...(id !== undefined ? { id } : {}) });
  } finally {
    target.close();
  }
}

runStageCommand(main, USAGE);
