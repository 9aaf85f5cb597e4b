/**
 * `npm run invoke -- <function> <event> [--state-dir DIR]`: runs one function (a route name, a
 * queue function: process-batch-items, record-dead-batch-items, or a workflow task function:
 * generate-report, record-report-state, send-report-callback) on one event (a file, or the name
 * of one in events/) against the sandbox's data, and prints its response. Uses the running
 * sandbox's servers when there is one on the state directory; otherwise opens the state, the
 * queues, the bucket and the Step Functions endpoint itself (seeding them if empty) and closes
 * them again. Messages a function sends then wait in the queue, and executions it starts are
 * recorded, for the next `npm start` to run.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { PUBLISH_TIMING } from '#functions/contracts/publish-workflow-contract';
import { TASK_TIMEOUTS } from '#functions/contracts/report-workflow-contract';
import {
  batchFunctions,
  catalogueFunctions,
  type FunctionSpec,
  reportFunctions,
} from '#functions/function-registry';
import { routes } from '#functions/routes';
import { batchQueueSettings } from '#lib/batch-queue-settings';
import { issuerEnvironment, sandboxIssuer } from '#local/issuer/sandbox-issuer';
import { importHandler, type LambdaHandler } from '#local/lambda/import-handler';
import { FUNCTION_TIMEOUT_MS, lambdaContext } from '#local/lambda/lambda-context';
import { runningSandbox } from '#local/running-sandbox';
import { eventsDir } from '#local/sample-events/events-dir';
import { applyServersEnvironment, type BootedSandbox, bootSandbox } from '#local/sandbox-boot';
import { DEFAULT_STATE_DIR, StateDirBusyError } from '#local/state-dir';

/** The queue functions, with their timeout from the batch construct's settings. */
const queueFunctions = [
  { ...batchFunctions.processor, timeoutMs: batchQueueSettings.processor.timeoutSeconds * 1000 },
  { ...batchFunctions.deadLetters, timeoutMs: batchQueueSettings.deadLetterRecorder.timeoutSeconds * 1000 },
];
/** The workflows' task functions, with their timeout from each workflow's contract. */
const taskFunctions = [
  { ...reportFunctions.generate, timeoutMs: TASK_TIMEOUTS.generate * 1000 },
  { ...reportFunctions.recordState, timeoutMs: TASK_TIMEOUTS.record * 1000 },
  { ...reportFunctions.sendCallback, timeoutMs: TASK_TIMEOUTS.callback * 1000 },
  { ...catalogueFunctions.publishStep, timeoutMs: PUBLISH_TIMING.taskSeconds * 1000 },
];
const functions: readonly (FunctionSpec & { timeoutMs: number })[] = [
  ...routes.map((route) => ({ ...route, timeoutMs: FUNCTION_TIMEOUT_MS })),
  ...queueFunctions,
  ...taskFunctions,
];

const USAGE = `Usage: npm run invoke -- <function> <event> [--state-dir DIR]

  <function>  a route name: ${routes.map((r) => r.name).join(', ')};
              or a queue function: ${queueFunctions.map((f) => f.name).join(', ')};
              or a workflow task function: ${taskFunctions.map((f) => f.name).join(', ')}
  <event>     an event file, the name of one in events/ (e.g. get-product, generate-report),
              or the event itself as JSON (e.g. '{"reportId": "<id>"}')`;

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
  const fn = functions.find((f) => f.name === functionName);
  if (!fn) throw new UsageError(`No function named ${functionName}.`);
  // An event given inline (`'{"reportId": "…"}'`), or a file.
  const eventText = eventRef.trim().startsWith('{') ? eventRef : readFileSync(eventFile(eventRef), 'utf8');
  let event: APIGatewayProxyEvent;
  try {
    event = JSON.parse(eventText) as APIGatewayProxyEvent;
  } catch {
    throw new UsageError(`The event ${eventRef.slice(0, 80)} is not JSON.`);
  }

  const stateDir = path.resolve(values['state-dir'] ?? DEFAULT_STATE_DIR);
  const running = runningSandbox(stateDir);
  let booted: BootedSandbox | undefined;
  try {
    if (running) {
      applyServersEnvironment(running);
      Object.assign(process.env, issuerEnvironment(sandboxIssuer(stateDir)));
    } else {
      // Executions are recorded, not run: the next `npm start` runs them.
      booted = await bootSandbox({ stateDir, runExecutions: false, log: (line) => console.error(line) });
    }

    const handler = await importHandler<LambdaHandler<unknown>>(fn);
    const requestId = event.requestContext?.requestId ?? crypto.randomUUID();
    let response: unknown;
    let code = 0;
    try {
      response = await handler(event, lambdaContext(fn, requestId, Date.now() + fn.timeoutMs));
    } catch (error) {
      // What Lambda answers for a function that throws (a task's error, which the state machine
      // matches by errorType); the stack goes to stderr.
      console.error(error);
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      response = { errorType: name, errorMessage: message };
      code = 1;
    }
    // Exit only once written: pipes are asynchronous on some platforms.
    await new Promise((resolve) => writeResponse(`${JSON.stringify(response, null, 2)}\n`, resolve));
    return code;
  } finally {
    await booted?.close();
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
