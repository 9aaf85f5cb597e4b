/**
 * How a command line tool reports what stopped it (docs/decisions/sandbox-and-tools.md D80): one or two lines saying
 * what is wrong and what to do, exit 2 for a command line it cannot run and 1 for anything else;
 * the stack only with --debug.
 */

/** A command line that cannot be run as given: its message, then the usage's first line, and exit 2. */
export class UsageError extends Error {}

/** An input the command refuses (a file that is missing, a directory, not UTF-8 …): its message, and exit 1. */
export class InputError extends Error {}

export interface ReportedError {
  readonly lines: readonly string[];
  readonly exitCode: 1 | 2;
}

const DEBUG_HINT = 'Run again with --debug for the details.';

const isUsageProblem = (error: unknown) =>
  error instanceof UsageError ||
  Boolean((error as NodeJS.ErrnoException)?.code?.startsWith?.('ERR_PARSE_ARGS'));

/** The AWS SDK's errors for settings a person gives (region, credentials), and a network that does not answer. */
function settingsProblem(
  error: Error & { code?: string; address?: string; port?: number },
): string | undefined {
  const { name, message } = error;
  if (/^Region is missing/.test(message)) {
    return 'No AWS region is set: give AWS_REGION (or AWS_PROFILE of a profile with a region), as for `cdk deploy`.';
  }
  if (name === 'CredentialsProviderError' || /Could not load credentials/.test(message)) {
    return 'No AWS credentials were found: set AWS_PROFILE (after `aws sso login`) or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.';
  }
  if (/^(ExpiredToken|ExpiredTokenException|TokenRefreshRequired)$/.test(name)) {
    return 'The AWS credentials have expired: renew them (e.g. `aws sso login`) and run again.';
  }
  if (
    /^(InvalidClientTokenId|UnrecognizedClientException|InvalidSignatureException|SignatureDoesNotMatch)$/.test(
      name,
    )
  ) {
    return `AWS does not accept these credentials (${name}): check AWS_PROFILE, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.`;
  }
  if (/^(AccessDenied|AccessDeniedException)$/.test(name)) {
    return `AWS refused a call: ${message}\nUse credentials allowed to make it (the stage's deploy role, docs/deploying.md).`;
  }
  if (error.code === 'ECONNREFUSED') {
    return `Nothing answers at ${error.address ?? 'the endpoint'}${error.port ? `:${error.port}` : ''}: if it is the sandbox's, the sandbox has stopped (start it again with \`npm start\`).`;
  }
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') {
    return `Cannot reach ${(error as { hostname?: string }).hostname ?? 'AWS'}: check the network, and AWS_REGION.`;
  }
  return undefined;
}

/** What to print for an error that stopped a command, and its exit code. */
export function reportError(
  error: unknown,
  { usage, debug }: { usage?: string; debug: boolean },
): ReportedError {
  // Node's own errors may come from another realm (a test's VM context): not `instanceof Error` there.
  const failure =
    typeof error === 'object' && error !== null && 'message' in error
      ? (error as Error)
      : new Error(String(error));
  const withStack = (lines: string[]) => (debug && failure.stack ? [...lines, failure.stack] : lines);
  if (isUsageProblem(failure)) {
    const usageLine = usage?.split('\n')[0];
    return {
      lines: [failure.message, ...(usageLine ? [`${usageLine}  (--help for more)`] : [])],
      exitCode: 2,
    };
  }
  if (failure instanceof InputError) return { lines: withStack([failure.message]), exitCode: 1 };
  const known = settingsProblem(failure);
  if (known) return { lines: withStack([known]), exitCode: 1 };
  const firstLine = failure.message.split('\n')[0] || failure.name;
  const what = failure.name && failure.name !== 'Error' ? `${failure.name}: ${firstLine}` : firstLine;
  return { lines: debug ? [failure.stack ?? what] : [what, DEBUG_HINT], exitCode: 1 };
}

/**
 * Runs a command's main and exits with its code; an error is printed as reportError says. Without
 * --debug, the warnings the AWS SDK writes with console.warn (e.g. about a body of unknown length)
 * are not shown: the command says what matters itself.
 */
export function runCommand(main: () => Promise<number>, usage: string, args = process.argv.slice(2)): void {
  const debug = args.includes('--debug');
  if (!debug) console.warn = () => {};
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const { lines, exitCode } = reportError(error, { usage, debug });
      for (const line of lines) console.error(line);
      process.exitCode = exitCode;
    },
  );
}
