import * as path from 'node:path';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { type RunningSandbox, runningSandbox } from '../local/running-sandbox';
import { SANDBOX_STAGE } from '../local/sandbox-identity';
import { DEFAULT_STATE_DIR } from '../local/state-dir';

/** A command line that cannot be run as given: its message, then the usage, and exit 2. */
export class UsageError extends Error {}

/** An input the command refuses (a file that is missing, a directory, not UTF-8 …): its message, and exit 1. */
export class InputError extends Error {}

/** What `npm run catalogue` and `npm run events` read from their command line. */
export interface StageCommand {
  readonly positionals: readonly string[];
  /** `sandbox` (the default) or a deployed stage's name. */
  readonly stage: string;
  readonly stateDir: string;
  readonly help: boolean;
  /** `--debug`: an unexpected error prints its stack, and the AWS SDK's warnings are shown. */
  readonly debug: boolean;
  /** The values of the command's own options (`extra`), as node:util's parseArgs gives them. */
  readonly options: Readonly<Record<string, string | boolean | undefined>>;
}

/** Parses the options every stage command shares, and the command's own (`extra`). */
export function parseStageCommand(args: readonly string[], extra: ParseArgsOptionsConfig = {}): StageCommand {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      ...extra,
      stage: { type: 'string' },
      'state-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      debug: { type: 'boolean' },
    },
    allowPositionals: true,
    allowNegative: true,
    strict: true,
  });
  return {
    positionals,
    stage: (values.stage as string | undefined) ?? SANDBOX_STAGE,
    stateDir: path.resolve((values['state-dir'] as string | undefined) ?? DEFAULT_STATE_DIR),
    help: (values.help as boolean | undefined) ?? false,
    debug: (values.debug as boolean | undefined) ?? false,
    options: values as Record<string, string | boolean | undefined>,
  };
}

/** The sandbox running on the state directory, which `--stage sandbox` means. */
export function requireRunningSandbox(stateDir: string): RunningSandbox {
  const running = runningSandbox(stateDir);
  if (!running) {
    throw new UsageError(
      `No sandbox runs on ${stateDir}: start it with \`npm start\`, or name a deployed stage with --stage NAME.`,
    );
  }
  return running;
}

/**
 * Runs a command's main and exits with its code; a usage problem (a UsageError, arguments the
 * parser refuses) prints its message and the usage and exits 2, anything else its stack.
 */
export function runStageCommand(main: () => Promise<number>, usage: string): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const known =
        error instanceof UsageError || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS');
      console.error(known ? (error as Error).message : ((error as Error).stack ?? String(error)));
      if (known) console.error(`\n${usage}`);
      process.exitCode = 2;
    },
  );
}
