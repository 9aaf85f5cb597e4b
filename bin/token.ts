/**
 * `npm run token -- --sub <id> [--admin] [--expires-in SECONDS] [--state-dir DIR]`: prints, alone
 * on one line, an access token the running sandbox accepts (docs/decisions/tokens-and-rights.md D2): signed with the
 * key of the state directory that sandbox runs on, found as every command finds it (D80). With
 * no sandbox running there is no token: the command says so and makes no key.
 */
import { parseStageCommand, requireRunningSandbox, runStageCommand, UsageError } from '#cli/stage-command';
import { sandboxIssuer } from '#local/issuer/sandbox-issuer';

const USAGE = `Usage: npm run token -- --sub <user id> [--admin] [--expires-in SECONDS] [--state-dir DIR]

  Prints a token the running sandbox accepts (the one on --state-dir; without it, the one on
  .sandbox/, else the only one running). The seed's user 1 is the administrator; users 2 to 20
  are customers.`;

const OPTIONS = {
  sub: { type: 'string' },
  admin: { type: 'boolean', default: false },
  'expires-in': { type: 'string', default: '3600' },
} as const;

async function main(): Promise<number> {
  const { positionals, stage, stateDir, help, options } = parseStageCommand(process.argv.slice(2), OPTIONS);
  if (help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length > 0 || stage !== 'sandbox') {
    throw new UsageError(
      "Give only options: the tokens are the sandbox's (a deployed stage's come from its issuer).",
    );
  }
  const sub = Number(options.sub);
  const expiresInSeconds = Number(options['expires-in']);
  if (!Number.isInteger(sub) || sub < 1) throw new UsageError('--sub must be a positive integer user id.');
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1) {
    throw new UsageError('--expires-in must be a positive number of seconds.');
  }
  // The sandbox made its key when it started: a token signed with any other would be refused.
  const running = requireRunningSandbox(stateDir);
  const issuer = sandboxIssuer(running.stateDir);
  console.log(issuer.token({ sub, admin: options.admin === true, expiresInSeconds }));
  return 0;
}

runStageCommand(main, USAGE);
