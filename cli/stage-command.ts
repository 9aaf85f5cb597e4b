import * as path from 'node:path';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { type FoundSandbox, findRunningSandbox, shownDir } from '#local/running-sandbox';
import { SANDBOX_STAGE } from '#local/sandbox-identity';
import { DEFAULT_STATE_DIR } from '#local/state-dir';
import { InputError, runCommand } from './command-errors';

export { InputError, UsageError } from './command-errors';

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

/**
 * The sandbox `--stage sandbox` means: the one running on the state directory or, given none
 * (the default directory), the only one running from this checkout (docs/decisions/sandbox-and-tools.md D80).
 * Otherwise an InputError saying which run and naming --state-dir (exit 1).
 */
export function requireRunningSandbox(stateDir: string): FoundSandbox {
  const found = findRunningSandbox(stateDir);
  if ('problem' in found) throw new InputError(found.problem);
  if (found.sandbox.stateDir !== stateDir) {
    console.error(
      `Using the sandbox on ${shownDir(found.sandbox.stateDir)} (${found.sandbox.url}), the only one running.`,
    );
  }
  return found.sandbox;
}

/**
 * Runs a command's main and exits with its code; an error is one or two lines (cli/command-errors.ts):
 * a usage problem (a UsageError, arguments the parser refuses) exits 2, anything else 1, and the
 * stack is shown only with --debug.
 */
export function runStageCommand(main: () => Promise<number>, usage: string): void {
  runCommand(main, usage);
}
