/**
 * `npm run events -- send FILE [--stage NAME] [--state-dir DIR]`: sends a file of order and user
 * events (JSON Lines, docs/events.md) to a stage's bus, in calls of 10 (PutEvents' limit), after
 * checking every line against the schemas; prints how many EventBridge accepted.
 */
import { resolveEventsTarget } from '../cli/events/events-target';
import { sendCommand } from '../cli/events/send-command';
import { parseStageCommand, runStageCommand, UsageError } from '../cli/stage-command';

const USAGE = `Usage: npm run events -- send FILE [--stage NAME] [--state-dir DIR]

  send FILE        send the events of FILE (JSON Lines, one event a line, docs/events.md); every line
                   is checked first, and one bad line refuses the file
  --stage NAME     sandbox (default: the sandbox running on --state-dir) or a deployed stage (its bus
                   commerce-api-NAME, with the AWS SDK's default credentials and region)
  --state-dir DIR  the sandbox's state directory (default .sandbox/)`;

async function main(): Promise<number> {
  const { positionals, stage, stateDir, help } = parseStageCommand(process.argv.slice(2));
  if (help) {
    console.log(USAGE);
    return 0;
  }
  const [command, file, ...extra] = positionals;
  if (command !== 'send' || !file || extra.length > 0)
    throw new UsageError('Give the command send and one file.');
  const target = resolveEventsTarget(stage, stateDir);
  try {
    return await sendCommand(file, target, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    target.client.destroy();
  }
}

runStageCommand(main, USAGE);
