/**
 * `npm run catalogue -- <command>`: fills and inspects a stage's catalogue (docs/catalogue.md).
 *   publish FILE   upload a catalogue file and wait for the publish workflow
 *   stock FILE     upload a stock file (product, location, quantity) and apply it in place
 *   export         write the active catalogue, as a file publish accepts, to stdout
 *   status         the active version and its layout, a publish running, the latest publishes
 *   upgrade        bring the active version up to this code's layout (a deploy does it; again after a failure)
 *   remove VERSION remove a version a failed removal left behind (never the active one)
 * Options: --stage NAME (default sandbox: the sandbox running on --state-dir, default .sandbox/).
 */
import {
  exportCommand,
  type Output,
  publishCommand,
  removeCommand,
  statusCommand,
  upgradeCommand,
} from '#cli/catalogue/commands';
import { resolveTarget } from '#cli/catalogue/resolve-target';
import { parseStageCommand, runStageCommand, UsageError } from '#cli/stage-command';

const USAGE = `Usage: npm run catalogue -- <command> [--stage NAME] [--state-dir DIR]

  publish FILE   upload a catalogue file (JSON Lines, docs/catalogue.md) and wait for the publish
  stock FILE     upload a stock file and apply it to the active catalogue
  export         write the active catalogue to stdout, as a file publish accepts
  status         the active version and its layout, a publish in progress, the latest publishes
  upgrade        bring the active version up to this code's layout, as a deploy does (docs/decisions/catalogue-versions.md D73)
  remove VERSION remove a version a failed removal left behind (never the active one)

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
  const needsArgument = command === 'publish' || command === 'stock' || command === 'remove';
  if (
    !['publish', 'stock', 'export', 'status', 'upgrade', 'remove'].includes(command) ||
    extra.length > 0 ||
    needsArgument !== Boolean(file)
  ) {
    throw new UsageError(`Unknown command or wrong arguments: ${positionals.join(' ')}`);
  }
  const target = await resolveTarget(stage, stateDir);
  try {
    switch (command) {
      case 'publish':
      case 'stock':
        return await publishCommand(target, command === 'stock' ? 'stock' : 'catalogue', file!, io);
      case 'upgrade':
        return await upgradeCommand(target, io);
      case 'remove':
        return await removeCommand(target, file!, io);
      case 'status':
        return await statusCommand(target, io);
      default:
        return await exportCommand(target, io);
    }
  } finally {
    target.close();
  }
}

runStageCommand(main, USAGE);
