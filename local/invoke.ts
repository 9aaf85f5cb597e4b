/**
 * `npm run invoke -- <function> <event> [--state-dir DIR]`: runs one function (a route name)
 * on one event (a file, or the name of one in events/) against the sandbox's data, and prints
 * its response. Uses the running sandbox's dynalite when there is one on the state directory;
 * otherwise opens the state itself (seeding it if empty) and closes it again.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { routes } from '../functions/routes';
import { applyFunctionEnvironment } from './function-env';
import { FUNCTION_TIMEOUT_MS, lambdaContext } from './gateway/lambda-context';
import { importHandler } from './http-front';
import { issuerEnvironment, sandboxIssuer } from './issuer/sandbox-issuer';
import { eventsDir } from './make-events';
import { openSandboxState, type SandboxState } from './sandbox-state';
import { DEFAULT_STATE_DIR, runningSandbox, StateDirBusyError } from './state-dir';

const USAGE = `Usage: npm run invoke -- <function> <event> [--state-dir DIR]

  <function>  a route name: ${routes.map((r) => r.name).join(', ')}
  <event>     an event file, or the name of one in events/ (e.g. get-product)`;

class UsageError extends Error {}

const eventFile = (reference: string): string => {
  const candidates = [reference, path.join(eventsDir, reference), path.join(eventsDir, `${reference}.json`)];
  const found = candidates.find((file) => existsSync(file) && !file.endsWith(path.sep));
  if (!found)
    throw new UsageError(`No event file ${reference} (looked in the current directory and in events/)`);
  return found;
};

// stdout carries the response alone (for jq and friends): everything else, the functions' logs
// included, goes to stderr.
const writeResponse = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    options: { 'state-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) {
    writeResponse(`${USAGE}\n`);
    return 0;
  }
  const [functionName, eventRef] = positionals;
  if (!functionName || !eventRef || positionals.length > 2)
    throw new UsageError('Give a function and an event.');
  const route = routes.find((r) => r.name === functionName);
  if (!route) throw new UsageError(`No function named ${functionName}.`);
  const event = JSON.parse(readFileSync(eventFile(eventRef), 'utf8')) as APIGatewayProxyEvent;

  const stateDir = path.resolve(values['state-dir'] ?? DEFAULT_STATE_DIR);
  const running = runningSandbox(stateDir);
  let opened: SandboxState | undefined;
  if (running) {
    applyFunctionEnvironment({ dynamoDbEndpoint: running.dynamodbEndpoint, tableName: running.tableName });
  } else {
    opened = await openSandboxState({ stateDir, log: (line) => console.error(line) });
    applyFunctionEnvironment({ dynamoDbEndpoint: opened.dynamodb.endpoint, tableName: opened.tableName });
  }
  process.env.POWERTOOLS_SERVICE_NAME ??= 'commerce-api';
  Object.assign(process.env, issuerEnvironment(sandboxIssuer(stateDir)));

  try {
    const handler = await importHandler(route);
    const requestId = event.requestContext?.requestId ?? crypto.randomUUID();
    const response = await handler(event, lambdaContext(route, requestId, Date.now() + FUNCTION_TIMEOUT_MS));
    // Exit only once written: pipes are asynchronous on some platforms.
    await new Promise((resolve) => writeResponse(`${JSON.stringify(response, null, 2)}\n`, resolve));
    return 0;
  } finally {
    await opened?.close();
  }
}

main().then(
  // Exit at once: SDK keep-alive sockets would otherwise hold the process for a while.
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof UsageError || error instanceof StateDirBusyError;
    console.error(known ? (error as Error).message : error);
    if (error instanceof UsageError) console.error(`\n${USAGE}`);
    process.exit(1);
  },
);
