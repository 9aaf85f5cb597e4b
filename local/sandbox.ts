/**
 * `npm start`: the whole API on 127.0.0.1, offline. dynalite holds the table (created from the
 * CDK storage construct, seeded from local/seed), the HTTP front plays API Gateway and runs the
 * functions in this process through tsx. State lives in the state directory between runs.
 */
import { relative } from 'node:path';
import { routes } from '../functions/routes';
import { applyFunctionEnvironment } from './function-env';
import { type HttpFront, importHandler, startHttpFront } from './http-front';
import { issuerEnvironment, JWKS_PATH, sandboxIssuer } from './issuer/sandbox-issuer';
import { parseSandboxOptions, USAGE } from './sandbox-options';
import { openSandboxState, type SandboxState } from './sandbox-state';
import { StateDirBusyError, writeRunningSandbox } from './state-dir';

class StartError extends Error {}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const options = parseSandboxOptions(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }

  const state: SandboxState = await openSandboxState({
    stateDir: options.stateDir,
    reset: options.reset,
    log: (line) => console.log(line),
  });
  let front: HttpFront | undefined;
  const shutdown = async () => {
    await front?.close();
    await state.close();
  };

  try {
    applyFunctionEnvironment({ dynamoDbEndpoint: state.dynamodb.endpoint, tableName: state.tableName });
    process.env.POWERTOOLS_SERVICE_NAME ??= 'commerce-api';
    // The authorizer trusts the sandbox's own issuer, whose keys it is given (no fetch).
    const issuer = sandboxIssuer(options.stateDir);
    Object.assign(process.env, issuerEnvironment(issuer));
    front = await startHttpFront({ port: options.port, documents: { [JWKS_PATH]: issuer.jwks } });
  } catch (error) {
    await shutdown();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new StartError(`Port ${options.port} is in use: choose another with --port N or PORT=N.`);
    }
    throw error;
  }

  writeRunningSandbox(options.stateDir, {
    url: front.url,
    dynamodbEndpoint: state.dynamodb.endpoint,
    tableName: state.tableName,
    pid: process.pid,
  });

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(130); // a second Ctrl-C: stop waiting
      stopping = true;
      console.log('Stopping...');
      shutdown().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }

  const where = relative(process.cwd(), options.stateDir) || '.';
  const seeded =
    state.origin === 'kept'
      ? 'kept from the last run'
      : state.seededInMs !== undefined
        ? `fresh from the seed, written in ${seconds(state.seededInMs)} and cached for next time`
        : 'fresh from the seed';
  console.log(
    [
      '',
      'Commerce API sandbox',
      `  API       ${front.url}`,
      `  State     ${where} (${seeded}; --reset starts again)`,
      `  Seed      ${state.seedSummary}`,
      `  DynamoDB  ${state.dynamodb.endpoint}, table ${state.tableName}`,
      `  Tokens    TOKEN=$(npm run -s token -- --sub 2${where === '.sandbox' ? '' : ` --state-dir ${where}`})` +
        ' (a customer; --sub 1 --admin for the administrator)',
      '',
      `Ready in ${seconds(performance.now())}: ${front.url}`,
    ].join('\n'),
  );

  // Load every function now, after Ready: first requests answer at warm speed, and a module
  // that does not load is reported at start rather than on its first request.
  for (const route of routes) {
    await importHandler(route).catch((error: unknown) =>
      console.error(`The function ${route.name} does not load; its requests will answer 500:`, error),
    );
  }
}

main().catch((error: unknown) => {
  // Problems the user can fix get one sentence; anything else its stack trace.
  const badArgs = (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS') ?? false;
  const known = badArgs || error instanceof StartError || error instanceof StateDirBusyError;
  console.error(known ? (error as Error).message : error);
  if (badArgs) console.error(`\n${USAGE}`);
  process.exit(1);
});
