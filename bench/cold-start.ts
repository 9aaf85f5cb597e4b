/**
 * Cold-start proxy (docs/design.md §5: "import + first invocation of a function bundle in a fresh
 * process ≤ 1.5 × an empty handler's"). For each function bundle of bench/bundles.ts, a fresh
 * `node` (the project's node 24) imports the bundle and serves one invocation of the function's
 * sample event against a running sandbox; the figure is the time from the spawn to the
 * invocation's answer (the child writes it to fd 3 as soon as the handler settles). The baseline
 * is the same for the empty handler's bundle, built with the same options.
 *
 * The children get the environment the sandbox gives its functions (local/function-env.ts:
 * dynalite, fauxqs, s3rver and the Step Functions endpoint of a sandbox started for this
 * benchmark, its table, bucket, queue and state machine) plus the authorizer's issuer settings
 * for the sandbox's issuer, and `LOG_LEVEL=INFO` as the stack sets it (the log lines go to a
 * pipe). Events: events/<name>.json as they are; the authorizer, which has none, gets a TOKEN
 * event with a customer's token from the sandbox issuer, and the pre token generation trigger a
 * Cognito V2 event. An answer is whatever the handler settles with, an error included (the
 * sample report job's callback goes to 127.0.0.1:8080, where nothing listens): the detail line
 * says which did not answer 2xx/3xx.
 *
 * Runs are interleaved: each round runs every bundle once, in an order rotated per round, so
 * drift in the machine's speed falls on all of them alike. Figures are medians of the rounds.
 *
 *   npx tsx bench/cold-start.ts    this benchmark alone (npm run bench runs them all)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { authorizerFunction } from '../functions/routes';
import { projectRoot } from '../lib/project-paths';
import { functionEnvironment } from '../local/function-env';
import { methodArn } from '../local/gateway/proxy-event';
import { issuerEnvironment, sandboxIssuer } from '../local/issuer/sandbox-issuer';
import type { BenchRow } from './bench-row';
import { buildFunctionBundles, EMPTY_HANDLER, type FunctionBundle } from './bundles';
import { median, ms, projectNode, spread, startBenchSandbox } from './support';

/** docs/design.md §5: at most this many times the empty handler's time. */
export const COLD_START_RATIO_BUDGET = 1.5;
/** Rounds; each runs every bundle once. */
export const COLD_START_RUNS = 7;
const LABEL = 'cold start: import + first invocation vs empty handler';

/** Plain JavaScript, so the child is node and the bundle alone, as on Lambda. */
const RUNNER = `import { readFileSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [bundle, eventFile, name] = process.argv.slice(2);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const deadline = Date.now() + 10000;
const context = {
  callbackWaitsForEmptyEventLoop: true,
  functionName: name,
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:' + name,
  memoryLimitInMB: '512',
  awsRequestId: 'bench-cold-start-' + process.pid,
  logGroupName: '/aws/lambda/' + name,
  logStreamName: 'bench',
  getRemainingTimeInMillis: () => deadline - Date.now(),
};
let answer;
let imported;
try {
  const { handler } = await import(pathToFileURL(bundle).href);
  imported = performance.now();
  const result = await handler(event, context);
  answer = { ok: true, status: result && typeof result === 'object' ? result.statusCode : undefined };
} catch (error) {
  answer = { ok: false, error: String(error && error.name) + ': ' + String(error && error.message).slice(0, 200) };
}
// The child's own clock starts with the process: how much of the time was the import.
writeSync(3, JSON.stringify({ ...answer, importedMs: imported, answeredMs: performance.now() }) + '\\n');
process.exit(0);
`;

interface Answer {
  readonly ok: boolean;
  readonly status?: number;
  readonly error?: string;
  /** On the child's clock (from its start): import done, answer ready. */
  readonly importedMs?: number;
  readonly answeredMs: number;
}

interface Run {
  readonly ms: number;
  readonly answer: Answer;
}

/** One fresh process: spawn, import, one invocation; the time until its answer arrives. */
const coldRun = (runner: string, bundle: FunctionBundle, eventFile: string, env: NodeJS.ProcessEnv) =>
  new Promise<Run>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(projectNode, [runner, bundle.file, eventFile, bundle.name], {
      cwd: path.dirname(bundle.file),
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let answered: Run | undefined;
    let answerText = '';
    let output = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      answerText += chunk.toString();
      if (!answered && answerText.includes('\n')) {
        answered = { ms: performance.now() - started, answer: JSON.parse(answerText) as Answer };
      }
    });
    child.stdout!.on('data', () => {});
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (answered) resolve(answered);
      else reject(new Error(`${bundle.name} gave no answer (exit ${code}):\n${output}`));
    });
  });

const preTokenEvent = (): PreTokenGenerationV2TriggerEvent =>
  ({
    version: '2',
    triggerSource: 'TokenGeneration_Authentication',
    region: 'us-east-1',
    userPoolId: 'us-east-1_Example01',
    userName: 'customer-2',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'example-client-id' },
    request: {
      userAttributes: {
        sub: '00000000-0000-4000-8000-000000000002',
        email: 'customer-2@example.com',
        email_verified: 'true',
        'custom:user_id': '2',
      },
      groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] },
      scopes: ['aws.cognito.signin.user.admin'],
    },
    response: { claimsAndScopeOverrideDetails: null },
  }) as unknown as PreTokenGenerationV2TriggerEvent;

export async function benchColdStart(): Promise<(BenchRow & Record<string, unknown>)[]> {
  const bundles = await buildFunctionBundles();
  const work = mkdtempSync(path.join(tmpdir(), 'commerce-api-bench-cold-'));
  const sandbox = await startBenchSandbox('cold').catch((error: unknown) => {
    rmSync(work, { recursive: true, force: true });
    throw error;
  });
  try {
    const { running, stateDir } = sandbox;
    const issuer = sandboxIssuer(stateDir);
    const env: NodeJS.ProcessEnv = {
      ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
      ...functionEnvironment(
        {
          dynamoDbEndpoint: running.dynamodbEndpoint,
          tableName: running.tableName,
          ...(running.sqsEndpoint ? { sqsEndpoint: running.sqsEndpoint } : {}),
          ...(running.batchQueueUrl ? { batchQueueUrl: running.batchQueueUrl } : {}),
          ...(running.s3Endpoint ? { s3Endpoint: running.s3Endpoint } : {}),
          ...(running.reportBucket ? { reportBucket: running.reportBucket } : {}),
          ...(running.sfnEndpoint ? { sfnEndpoint: running.sfnEndpoint } : {}),
          ...(running.reportStateMachineArn ? { reportStateMachineArn: running.reportStateMachineArn } : {}),
          ...(running.webhookSecret ? { webhookSecret: running.webhookSecret } : {}),
        },
        { LOG_LEVEL: 'INFO' },
      ),
      ...issuerEnvironment(issuer),
      POWERTOOLS_SERVICE_NAME: 'commerce-api',
    };

    const runner = path.join(work, 'runner.mjs');
    writeFileSync(runner, RUNNER);
    const ownEvents: Record<string, unknown> = {
      [authorizerFunction.name]: {
        type: 'TOKEN',
        authorizationToken: `Bearer ${issuer.token({ sub: 2 })}`,
        methodArn: methodArn({
          method: 'GET',
          path: '/v1/@me/orders',
          query: '',
          rawHeaders: [],
          sourceIp: '127.0.0.1',
        }),
      },
      'pre-token-generation': preTokenEvent(),
    };
    const eventFileOf = (bundle: FunctionBundle) => {
      const own = ownEvents[bundle.name];
      if (own === undefined) {
        // The empty handler ignores its event; it gets get-product's, a route's like most.
        const name = bundle.name === EMPTY_HANDLER ? 'get-product' : bundle.name;
        return path.join(projectRoot, 'events', `${name}.json`);
      }
      const file = path.join(work, `${bundle.name}.json`);
      writeFileSync(file, JSON.stringify(own));
      return file;
    };
    const eventFiles = new Map(bundles.map((b) => [b.name, eventFileOf(b)]));

    const runs = new Map<string, Run[]>(bundles.map((b) => [b.name, []]));
    for (let round = 0; round < COLD_START_RUNS; round++) {
      const shift = Math.floor((round * bundles.length) / COLD_START_RUNS);
      const order = [...bundles.slice(shift), ...bundles.slice(0, shift)];
      for (const bundle of order) {
        runs.get(bundle.name)!.push(await coldRun(runner, bundle, eventFiles.get(bundle.name)!, env));
      }
    }

    const times = (name: string) => runs.get(name)!.map((r) => r.ms);
    const empty = median(times(EMPTY_HANDLER));
    const perFunction = bundles
      .filter((b) => b.name !== EMPTY_HANDLER)
      .map((b) => {
        const t = times(b.name);
        const first = runs.get(b.name)![0]!.answer;
        const invokeMs = median(
          runs.get(b.name)!.map((r) => r.answer.answeredMs - (r.answer.importedMs ?? 0)),
        );
        return {
          name: b.name,
          medianMs: median(t),
          ratio: median(t) / empty,
          invokeMs,
          runsMs: t,
          firstAnswer: first,
        };
      })
      .sort((a, b) => b.ratio - a.ratio);
    const worst = perFunction[0]!;
    const best = perFunction.at(-1)!;
    const ok = worst.ratio <= COLD_START_RATIO_BUDGET;
    const over = perFunction.filter((f) => f.ratio > COLD_START_RATIO_BUDGET).length;
    const notAnswered = perFunction
      .filter((f) => !f.firstAnswer.ok || (f.firstAnswer.status !== undefined && f.firstAnswer.status >= 400))
      .map((f) => `${f.name} ${f.firstAnswer.ok ? f.firstAnswer.status : f.firstAnswer.error}`);
    return [
      {
        row:
          `${LABEL} (worst: ${worst.name}) | ${worst.ratio.toFixed(2)}× (${ms(worst.medianMs)} vs ${ms(empty)}) | ` +
          `≤ ${COLD_START_RATIO_BUDGET}× | ${ok ? 'ok' : 'over'}`,
        detail:
          `${LABEL}: spawn to answer, median of ${COLD_START_RUNS} interleaved rounds; empty handler ` +
          `${ms(empty)} (runs ${spread(times(EMPTY_HANDLER), (n) => n.toFixed(0))} ms); functions ` +
          `${ms(best.medianMs)} (${best.name}, ${best.ratio.toFixed(2)}×) to ${ms(worst.medianMs)} ` +
          `(${worst.name}, runs ${spread(worst.runsMs, (n) => n.toFixed(0))} ms, of which the invocation ` +
          `${ms(worst.invokeMs)}); median over the functions ${ms(median(perFunction.map((f) => f.medianMs)))}, ` +
          `of which the invocation ${ms(median(perFunction.map((f) => f.invokeMs)))}; ` +
          `${over} of ${perFunction.length} over ${COLD_START_RATIO_BUDGET}×; ` +
          `answers not 2xx/3xx: ${notAnswered.length > 0 ? notAnswered.join('; ') : 'none'}`,
        ok,
        emptyHandlerMs: times(EMPTY_HANDLER),
        functions: perFunction,
      },
    ];
  } finally {
    await sandbox.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await benchColdStart();
  for (const r of rows) console.log(r.row);
  for (const r of rows) console.log(r.detail);
  for (const f of rows[0]!.functions as { name: string; medianMs: number; ratio: number }[]) {
    console.log(`  ${f.name.padEnd(28)} ${ms(f.medianMs).padStart(8)} ${f.ratio.toFixed(2)}×`);
  }
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}
