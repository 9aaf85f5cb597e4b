/**
 * `npm start`: the whole API on 127.0.0.1, offline. dynalite holds the table (created from the
 * CDK storage construct, seeded from local/seed), fauxqs the batch queue and its dead-letter
 * queue (as the CDK batch construct defines them), s3rver the report PDFs; the HTTP front plays
 * API Gateway, the event source mappings play Lambda's SQS triggers and a Step Functions
 * endpoint runs the state machines the CDK constructs synthesize; all the functions run in this
 * process through tsx, the workflows' task functions in a worker thread of their own
 * (local/stepfunctions/task-thread.ts). State lives in the state directory between runs.
 */
import { constants } from 'node:os';
import { relative } from 'node:path';
import {
  batchFunctions,
  catalogueFunctions,
  eventFunctions,
  reportFunctions,
} from '#functions/function-registry';
import { routes } from '#functions/routes';
import { apiReferenceFiles, DOCS_PATH, OPENAPI_PATH } from '#local/api-reference';
import { startCatalogueUpgrade } from '#local/catalogue/sandbox-catalogue';
import { type FaultInjector, parseSandboxFaults, SANDBOX_FAULTS_ENV } from '#local/faults';
import { type HttpFront, startHttpFront } from '#local/http-front';
import { JWKS_PATH } from '#local/issuer/sandbox-issuer';
import { importHandler } from '#local/lambda/import-handler';
import { SANDBOX_TIME_COMPRESSION } from '#local/queues/queue-wiring';
import { type QueueMappings, startQueueMappings } from '#local/queues/sandbox-queues';
import { SANDBOX_CALLBACK_RETRY_MS } from '#local/reports/sandbox-reports';
import { writeRunningSandbox } from '#local/running-sandbox';
import { type BootedSandbox, bootSandbox } from '#local/sandbox-boot';
import { parseSandboxOptions, USAGE } from '#local/sandbox-options';
import { STATS_PATH, sandboxStats } from '#local/sandbox-stats';
import { StateDirBusyError } from '#local/state-dir';
import { SANDBOX_RETRY_PAUSE_MS } from '#local/stepfunctions/executions';
import { webhookKeyFile } from '#local/webhooks/sandbox-stage-key';

class StartError extends Error {}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The signals that stop the sandbox: Ctrl-C, `kill`, a closed terminal, and any of them sent to
 * its process group. Until it is up, one exits at once; the exit releases the state directory
 * (local/state-dir.ts, docs/decisions/sandbox-and-tools.md D96).
 */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const exitAtOnce = (signal: NodeJS.Signals) => process.exit(128 + constants.signals[signal]);
for (const signal of STOP_SIGNALS) process.on(signal, exitAtOnce);

async function main(): Promise<void> {
  const options = parseSandboxOptions(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  // Read before anything starts: a mistyped rule stops the sandbox instead of running without it.
  let faults: FaultInjector | undefined;
  try {
    faults = parseSandboxFaults(process.env[SANDBOX_FAULTS_ENV]);
  } catch (error) {
    throw new StartError((error as Error).message);
  }

  const sandbox: BootedSandbox = await bootSandbox({
    stateDir: options.stateDir,
    reset: options.reset,
    runExecutions: true,
    ...(faults ? { faults } : {}),
    log: (line) => console.log(line),
  });
  const { state, queues, reports, stepFunctions } = sandbox;
  let front: HttpFront | undefined;
  let mappings: QueueMappings | undefined;
  // New requests stop first, then deliveries and executions (their invocations in progress
  // finish; executions stay recorded as running, for the next start), then the servers.
  const shutdown = async () => {
    await front?.close();
    await mappings?.stop();
    await sandbox.close();
  };

  try {
    const stats = sandboxStats({
      // Counted at the DynamoDB front, in dynalite's thread (local/sandbox-stats.ts).
      dynamodb: sandbox.dynamodbCounters,
      mappings: () => mappings?.stats() ?? {},
      executions: () => stepFunctions.stats(),
    });
    front = await startHttpFront({
      port: options.port,
      documents: { [JWKS_PATH]: sandbox.jwks, [STATS_PATH]: stats },
      files: apiReferenceFiles(),
      onRouteRequest: sandbox.noteRead,
    });
    mappings = startQueueMappings(queues, faults ? { faults } : {});
  } catch (error) {
    await shutdown();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new StartError(`Port ${options.port} is in use: choose another with --port N or PORT=N.`);
    }
    throw error;
  }
  // After the functions' environment is set: executions a previous run left running start again,
  // then what a deploy starts (the catalogue upgrade, docs/decisions/catalogue-versions.md D73).
  const resumed = stepFunctions.resume();
  let catalogueState: string;
  try {
    catalogueState = await startCatalogueUpgrade(sandbox.catalogue, stepFunctions, sandbox.servers);
  } catch (error) {
    await shutdown();
    throw error;
  }

  writeRunningSandbox(options.stateDir, { url: front.url, pid: process.pid, ...sandbox.servers });

  let stopping = false;
  for (const signal of STOP_SIGNALS) {
    process.off(signal, exitAtOnce);
    process.on(signal, () => {
      if (stopping) process.exit(130); // a second Ctrl-C: stop waiting (the exit still releases)
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
      // The data kept from the last run may hold another catalogue: the Catalogue line says which.
      `  Seed      ${state.origin === 'kept' ? 'what --reset starts from: ' : ''}${state.seedSummary}`,
      `  DynamoDB  ${state.dynamodb.endpoint}, table ${state.tableName}`,
      `  SQS       ${queues.endpoint}, queue ${queues.batchQueue.name} (+ -dlq); failed messages come back ` +
        `${SANDBOX_TIME_COMPRESSION}× sooner than in AWS` +
        (queues.released > 0 ? `; ${queues.released} left in flight by the last run are visible again` : ''),
      `  S3        ${reports.s3.endpoint}, buckets ${reports.s3.buckets.join(', ')} (credentials S3RVER/S3RVER, path style)`,
      `  Catalogue ${catalogueState}`,
      `  Events    ${sandbox.servers.eventsEndpoint}, bus commerce-api-sandbox → queue ${sandbox.events.rule.targetQueueName} (+ -dlq, refused events: npm run events -- dead-letters)`,
      `  SFN       ${stepFunctions.endpoint}, state machines ${reports.stateMachine.machine.stateMachineName} and ` +
        `commerce-api-sandbox-catalogue-publish (npm run catalogue) as synthesized; ` +
        `retries after ${seconds(SANDBOX_CALLBACK_RETRY_MS)} (Send callback) or ${SANDBOX_RETRY_PAUSE_MS} ms` +
        (resumed > 0
          ? `; ${resumed} execution${resumed === 1 ? '' : 's'} the last run left unfinished started again`
          : ''),
      `  Secrets   ${sandbox.servers.secretsManagerEndpoint}, the webhook stage key (kept in ${relative(process.cwd(), webhookKeyFile(options.stateDir))}, ` +
        'mode 0600); each caller makes its own callback signing secrets: POST /v1/@me/webhook-secrets',
      `  Faults    ${
        faults
          ? `${SANDBOX_FAULTS_ENV}: ${faults.summary}`
          : `none; e.g. ${SANDBOX_FAULTS_ENV}='{"fail": {"<order id>": 2}, "reports": {"store": 1}}'`
      }`,
      `  Docs      ${new URL(DOCS_PATH, front.url).href} (the API reference; ${OPENAPI_PATH} is its OpenAPI document)`,
      `  Stats     ${new URL(STATS_PATH, front.url).href} (DynamoDB requests, queue deliveries, report executions; the sandbox's own, no stage has it)`,
      `  Tokens    TOKEN=$(npm run -s token -- --sub 2${where === '.sandbox' ? '' : ` --state-dir ${where}`})` +
        ' (a customer; --sub 1 --admin for the administrator)',
      '',
      `Ready in ${seconds(performance.now())}: ${front.url}`,
    ].join('\n'),
  );

  // Load every function now, after Ready: first requests answer at warm speed, and a module
  // that does not load is reported at start rather than on its first request.
  for (const fn of [
    ...routes,
    ...Object.values(batchFunctions),
    ...Object.values(reportFunctions),
    ...Object.values(catalogueFunctions),
    ...Object.values(eventFunctions),
  ]) {
    await importHandler(fn).catch((error: unknown) =>
      console.error(`The function ${fn.name} does not load; its requests or messages will fail:`, error),
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
