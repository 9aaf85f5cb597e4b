/**
 * `npm run catalogue -- <command>`: fills and inspects a stage's catalogue (docs/catalogue.md).
 *   publish FILE   upload a catalogue file and wait for the publish workflow
 *   stock FILE     upload a stock file (product, location, quantity) and apply it in place
 *   export         write the active catalogue, as a file publish accepts, to stdout
 *   status         the active version, a publish running, the latest publishes
 * Options: --stage NAME (default sandbox: the sandbox running on --state-dir, default .sandbox/).
 */
import { exportCommand, type Output, publishCommand, statusCommand } from '../cli/catalogue/commands';
import { resolveTarget } from '../cli/catalogue/resolve-target';
import { parseStageCommand, runStageCommand, UsageError } from '../cli/stage-command';

const USAGE = `Usage: npm run catalogue -- <command> [--stage NAME] [--state-dir DIR]

  publish FILE   upload a catalogue file (JSON Lines, docs/catalogue.md) and wait for the publish
  stock FILE     upload a stock file and apply it to the active catalogue
  export         write the active catalogue to stdout, as a file publish accepts
  status         the active version, a publish in progress, the latest publishes

  --stage NAME   sandbox (default: the sandbox running on --state-dir) or a deployed stage
                 (its stack CommerceApi-NAME, with the AWS SDK's default credentials and region)`;

const io: Output = {
  out: (text) => process.stdout.write(text),
  err: (line) => process.stderr.write(`${line}\n`),
};

async function main(): Promise<number> {
  const { positionals, stage, stateDir, help } = parseStageCommand(process.argv.slice(2));
  const [command, file, ...extra] = positionals;
  if (help || !command) {
    io.err(USAGE);
    return help ? 0 : 2;
  }
  const needsFile = command === 'publish' || command === 'stock';
  if (
    !['publish', 'stock', 'export', 'status'].includes(command) ||
    extra.length > 0 ||
    needsFile !== Boolean(file)
  ) {
    throw new UsageError(`Unknown command or wrong arguments: ${positionals.join(' ')}`);
  }
  const target = await resolveTarget(stage, stateDir);
  try {
    if (command === 'publish' || command === 'stock') {
      return await publishCommand(target, command === 'stock' ? 'stock' : 'catalogue', file!, io);
    }
    return command === 'status' ? await statusCommand(target, io) : await exportCommand(target, io);
  } finally {
    target.close();
  }
}

runStageCommand(main, USAGE);
