import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { SANDBOX_STAGE } from '#local/sandbox-identity';
import { DEFAULT_STATE_DIR } from '#local/state-dir';
import { UsageError } from '../stage-command';

export const USAGE = `Usage: npm run smoke -- [--stage NAME] [--state-dir DIR] [--write] [--token TOKEN] [--start-sandbox] [--debug]

  Checks a stage end to end from outside: one line per check with its time, then a summary;
  exit code 0 only when every check passed (a skipped check is said, and is not a failure).

  --stage NAME      sandbox (default: the sandbox running on --state-dir) or a deployed stage
                    (its stack CommerceApi-NAME's outputs, with the AWS SDK's default credentials
                    and region)
  --state-dir DIR   the sandbox's state directory (default .sandbox/)
  --write           on a protected stage, make the write checks too (a temporary user, a batch,
                    a report, a webhook secret); an unprotected stage always makes them
  --token TOKEN     call the token routes with this access token (the only way on a stage whose
                    tokens come from an external issuer)
  --start-sandbox   start a sandbox from the seed on free ports in a temporary directory, check
                    it, then stop it and remove the directory
  --debug           an error that stops the run prints its stack`;

export interface SmokeOptions {
  /** `sandbox` (the default) or a deployed stage's name. */
  readonly stage: string;
  readonly stateDir: string;
  readonly write: boolean;
  readonly token?: string;
  readonly startSandbox: boolean;
  readonly help: boolean;
}

export function parseSmokeOptions(args: readonly string[]): SmokeOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      stage: { type: 'string' },
      'state-dir': { type: 'string' },
      write: { type: 'boolean', default: false },
      token: { type: 'string' },
      'start-sandbox': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      debug: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const stage = values.stage ?? SANDBOX_STAGE;
  if (values['start-sandbox'] && (stage !== SANDBOX_STAGE || values['state-dir'] !== undefined)) {
    throw new UsageError(
      '--start-sandbox checks a sandbox of its own: give it without --stage or --state-dir.',
    );
  }
  if (values.token !== undefined && values.token.trim() === '') {
    throw new UsageError('--token needs the access token itself (it is empty).');
  }
  return {
    stage,
    stateDir: path.resolve(values['state-dir'] ?? DEFAULT_STATE_DIR),
    write: values.write,
    ...(values.token === undefined ? {} : { token: values.token.trim() }),
    startSandbox: values['start-sandbox'],
    help: values.help,
  };
}
