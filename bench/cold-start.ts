/**
 * Cold start (docs/performance.md "Budgets": "import + first invocation of each HTTP function bundle in a
 * fresh process ≤ 1.1 × the SDK floor"). For each bundle of bench/bundles.ts, a fresh `node`
 * imports it and serves one invocation of the function's sample event against a sandbox started
 * for this benchmark (bench/cold-run.ts); the figure is the time from the spawn to the answer.
 *
 * Baselines, built with the same esbuild options as the functions:
 * - every HTTP function (each route's, and the token authorizer's, which every token route runs
 *   first) against its SDK floor: a bare handler sending the same AWS requests with the same
 *   clients (bench/floor-plans.ts says, per route, which requests and why), for the authorizer
 *   the same token verified by the same verifier; budget ≤ 1.1 × the floor, and the median over
 *   them ≤ 1.05 ×;
 * - the report generator, which renders a PDF on its first call, against its own floor: the same
 *   handler doing the same reads and S3 write, minus rendering (bench/floors/report-pdf-stub.ts);
 *   budget `GENERATOR_RATIO_BUDGET` (bench/cold-start-verdict.ts says why it is not 1.1×);
 * - the empty handler, Node.js starting, as a reference line; the functions off the request path
 *   (the Cognito trigger, the batch consumers, the other workflow tasks) are reported against it
 *   for reference, with no budget.
 *
 * Interleaved: each round runs every function right next to its floor (the floor first in even
 * rounds, the function first in odd ones), pairs in an order rotated per round, so the machine's
 * noise falls on both alike; a function's ratio is the median over the rounds of its run over its
 * floor's run of the same round (bench/cold-start-pairs.ts says why), its times and its floor's
 * the medians of their runs. The verdict (bench/cold-start-verdict.ts, docs/decisions/
 * functions-and-bundles.md D100) gives each median a 95 % bootstrap interval over the rounds and
 * calls a function over only when the whole interval is. A warm-up round comes first and is not
 * counted: it brings every bundle into the page cache, creates the sample batch and completes the
 * sample report job (the generator writes its PDF, the state task marks it completed), so the
 * batch and report routes find them in every measured round.
 *
 * The children get the environment the sandbox gives its functions (local/function-env.ts:
 * dynalite, fauxqs, s3rver and the Step Functions endpoint of the sandbox, its table, bucket,
 * queue and state machine) plus the authorizer's issuer settings for the sandbox's issuer, and
 * what the stack sets: `LOG_LEVEL=INFO`, a stage, metrics on (log lines and metrics go to a
 * pipe). Events: events/<name>.json as they are; the authorizer, which has none, gets a TOKEN
 * event with a customer's token from the sandbox issuer, and the pre token generation trigger a
 * Cognito V2 event. An answer is whatever the handler settles with, an error included (the
 * sample report job's callback goes to 127.0.0.1:8080, where nothing listens): the detail says
 * which did not answer 2xx/3xx.
 *
 *   npm run bench -- cold-start    this benchmark alone (npm run bench runs them all)
 *   BENCH_COLD_ROUNDS=5 BENCH_COLD_FUNCTIONS=get-product,list-products npm run bench -- cold-start
 *                                  a short run, to try it (bench/cold-start-plan.ts)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeleteItemCommand } from '@aws-sdk/client-dynamodb';
import { CreateQueueCommand } from '@aws-sdk/client-sqs';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { STAGE_ENV } from '#functions/contracts/environment';
import { callerLimitKey } from '#functions/contracts/keys/caller-limit-keys';
import { authorizerFunction, reportFunctions } from '#functions/function-registry';
import { routes } from '#functions/routes';
import { projectRoot } from '#lib/project-paths';
import { activeCatalogueVersion } from '#local/catalogue/active-catalogue-version';
import { functionEnvironment } from '#local/function-env';
import { methodArn } from '#local/gateway/proxy-event';
import { issuerEnvironment, sandboxIssuer } from '#local/issuer/sandbox-issuer';
import { sandboxDynamoDbClient } from '#local/local-dynamodb';
import { localQueueUrl, sandboxSqsClient } from '#local/queues/local-sqs';
import type { BenchRow } from './bench-row';
import { buildFunctionBundles, EMPTY_HANDLER, GENERATOR_FLOOR } from './bundles';
import { coldRun, RUNNER, type Run } from './cold-run';
import { describeAnswer, failed, type Pair, resultOf, type Subject } from './cold-start-pairs';
import { COLD_START_DEADLINE_MINUTES, coldStartPlan, roundMayStart } from './cold-start-plan';
import { judgeColdStarts, verdictRows } from './cold-start-verdict';
import { FLOORS, floorPlan } from './floor-plans';
import { preTokenEvent } from './pre-token-event';
import { median, ms, spread, startBenchSandbox } from './support';

const FLOOR_QUEUE = 'bench-floor';

export async function benchColdStart(): Promise<(BenchRow & Record<string, unknown>)[]> {
  const started = performance.now();
  const short = coldStartPlan([...routes.map((r) => r.name), authorizerFunction.name]);
  const bundles = await buildFunctionBundles();
  const bundle = (name: string) => {
    const found = bundles.find((b) => b.name === name);
    if (!found) throw new Error(`No bundle named ${name}`);
    return found;
  };
  const work = mkdtempSync(path.join(tmpdir(), 'commerce-api-bench-cold-'));
  // The floor of POST /orders/reports starts executions for a report no job has; the sandbox
  // would print their warnings (ReportNotFound) among the results.
  const sandbox = await startBenchSandbox('cold', { LOG_LEVEL: 'ERROR' }).catch((error: unknown) => {
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
          // The search routes read the search snapshot from it.
          catalogueBucket: running.catalogueBucket,
          ...(running.sfnEndpoint ? { sfnEndpoint: running.sfnEndpoint } : {}),
          ...(running.reportStateMachineArn ? { reportStateMachineArn: running.reportStateMachineArn } : {}),
          ...(running.secretsManagerEndpoint
            ? { secretsManagerEndpoint: running.secretsManagerEndpoint }
            : {}),
        },
        { LOG_LEVEL: 'INFO' },
      ),
      ...issuerEnvironment(issuer),
      // As the stack runs them (lib/api-function.ts): metrics on, a stage.
      POWERTOOLS_SERVICE_NAME: 'commerce-api',
      POWERTOOLS_METRICS_DISABLED: 'false',
      [STAGE_ENV]: 'bench',
    };
    // The batch floor's messages go to a queue of their own: nothing consumes them.
    if (!running.sqsEndpoint) throw new Error('The sandbox runs no queues');
    const sqs = sandboxSqsClient(running.sqsEndpoint);
    await sqs.send(new CreateQueueCommand({ QueueName: FLOOR_QUEUE }));
    sqs.destroy();
    const floorQueueUrl = localQueueUrl(running.sqsEndpoint, FLOOR_QUEUE);
    const catalogueVersion = await activeCatalogueVersion(running);

    const runner = path.join(work, 'runner.mjs');
    writeFileSync(runner, RUNNER);
    const writeEvent = (name: string, event: unknown) => {
      const file = path.join(work, `${name}.json`);
      writeFileSync(file, JSON.stringify(event));
      return file;
    };
    const sampleEventFile = (name: string) => path.join(projectRoot, 'events', `${name}.json`);
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
    const subject = (name: string): Subject => ({
      bundle: bundle(name),
      eventFile: name in ownEvents ? writeEvent(name, ownEvents[name]) : sampleEventFile(name),
    });

    const pairs: Pair[] = routes.map((route) => {
      const event = JSON.parse(readFileSync(sampleEventFile(route.name), 'utf8')) as APIGatewayProxyEvent;
      const plan = floorPlan(route, event, { queueUrl: floorQueueUrl, catalogueVersion });
      return {
        name: route.name,
        fn: subject(route.name),
        floor: { bundle: bundle(plan.floor), eventFile: writeEvent(`${route.name}.floor`, plan.event) },
        requests: plan.requests,
        fnRuns: [],
        floorRuns: [],
      };
    });
    // The authorizer runs before every token route: an HTTP function, with a floor of its own.
    const authorizer = subject(authorizerFunction.name);
    pairs.push({
      name: authorizerFunction.name,
      fn: authorizer,
      floor: { bundle: bundle(FLOORS.authorizer), eventFile: authorizer.eventFile },
      requests: 'token verified by the same verifier',
      fnRuns: [],
      floorRuns: [],
    });
    const generator: Pair = {
      name: reportFunctions.generate.name,
      fn: subject(reportFunctions.generate.name),
      floor: { bundle: bundle(GENERATOR_FLOOR), eventFile: sampleEventFile(reportFunctions.generate.name) },
      requests: 'the same handler, reads and S3 write, minus rendering',
      fnRuns: [],
      floorRuns: [],
    };
    const empty: Subject = { bundle: bundle(EMPTY_HANDLER), eventFile: sampleEventFile('get-product') };
    const measured = new Set([...pairs, generator].flatMap((p) => [p.fn.bundle.name, p.floor.bundle.name]));
    const references = bundles
      .filter((b) => b.kind !== 'baseline' && !measured.has(b.name))
      .map((b) => ({ ...subject(b.name), runs: [] as Run[] }));
    const emptyRuns: Run[] = [];

    const run = (s: Subject) => coldRun(runner, s.bundle, s.eventFile, env);
    // POST /orders/reports's floor sends what a request of a caller within its report limits
    // sends: one UpdateItem takes a place (docs/decisions/report-export.md D56). The sample caller asks for a report
    // every round, far more often than its 30 an hour, so its bucket would never be idle again and
    // the function would take the busy path (a refused conditional update, a read, a second
    // update) that its floor does not: its limit item is removed before each of its runs, so each
    // starts as a caller's first report of the hour does.
    const dynamodb = sandboxDynamoDbClient(running.dynamodbEndpoint);
    const sampleCaller = (name: string) =>
      Number(
        (JSON.parse(readFileSync(sampleEventFile(name), 'utf8')) as APIGatewayProxyEvent).requestContext
          .authorizer?.userId,
      );
    const reportCaller = sampleCaller('create-report');
    const beforeRun: Readonly<Record<string, () => Promise<unknown>>> = {
      'create-report': () =>
        dynamodb.send(
          new DeleteItemCommand({
            TableName: running.tableName,
            Key: marshall(callerLimitKey('reports', reportCaller)),
          }),
        ),
    };
    const runFn = async (pair: Pair) => {
      await beforeRun[pair.name]?.();
      return run(pair.fn);
    };
    // Warm-up, not counted. The routes first: POST /orders/batches creates batch 1, which the
    // batch consumers' sample events then process (in the sandbox an unknown batch's chunk
    // leaves an item behind that the batch id counter would collide with). Then the generator
    // and the state task complete the sample report, which the download route serves from the
    // first measured round on.
    const floorsNotAnswered: string[] = [];
    for (const pair of [...pairs, generator]) {
      const answer = describeAnswer(await run(pair.floor));
      if (failed(answer)) floorsNotAnswered.push(`${pair.floor.bundle.name} for ${pair.name}: ${answer}`);
      await runFn(pair);
    }
    // A floor that fails measures nothing: stop before the rounds.
    if (floorsNotAnswered.length > 0) {
      throw new Error(`SDK floors that did not answer: ${floorsNotAnswered.join('; ')}`);
    }
    for (const s of [...references, empty]) await run(s);

    // Only the chosen HTTP functions are measured; the generator always is (two runs a round).
    const measuredHttp = pairs.filter((p) => short.measured(p.name));
    const chosen = [...measuredHttp, generator];
    const roundsStarted = performance.now();
    let rounds = 0;
    for (let round = 0; round < short.rounds; round++) {
      if (!roundMayStart(round, started, performance.now())) break;
      rounds++;
      const shift = Math.floor((round * chosen.length) / short.rounds);
      for (const pair of [...chosen.slice(shift), ...chosen.slice(0, shift)]) {
        if (round % 2 === 0) {
          pair.floorRuns.push(await run(pair.floor));
          pair.fnRuns.push(await runFn(pair));
        } else {
          pair.fnRuns.push(await runFn(pair));
          pair.floorRuns.push(await run(pair.floor));
        }
      }
      emptyRuns.push(await run(empty));
      for (const reference of references) reference.runs.push(await run(reference));
    }
    const wallSeconds = (performance.now() - started) / 1000;
    const roundsSeconds = (performance.now() - roundsStarted) / 1000;

    const verdict = judgeColdStarts(measuredHttp.map(resultOf), resultOf(generator));
    const emptyMs = median(emptyRuns.map((r) => r.ms));
    const others = references.map((r) => {
      const medianMs = median(r.runs.map((run) => run.ms));
      return {
        name: r.bundle.name,
        medianMs,
        vsEmpty: medianMs / emptyMs,
        answer: describeAnswer(r.runs.at(-1)),
      };
    });
    const notAnswered = [...verdict.http, verdict.generator, ...others]
      .filter((f) => failed(f.answer))
      .map((f) => `${f.name} ${f.answer}`);
    const emptyLabel = 'cold start: empty handler (Node.js starting), reference';
    return [
      ...verdictRows(verdict, {
        rounds,
        plannedRounds: short.rounds,
        deadlineMinutes: COLD_START_DEADLINE_MINUTES,
        wallSeconds,
        roundsSeconds,
        httpFunctions: pairs.length,
        notAnswered,
        generatorBytes: bundle(generator.name).bytes,
        generatorFloorBytes: bundle(GENERATOR_FLOOR).bytes,
      }),
      {
        row: `${emptyLabel} | ${ms(emptyMs)} | reference | —`,
        detail:
          `${emptyLabel}: runs ${spread(
            emptyRuns.map((r) => r.ms),
            (n) => n.toFixed(0),
          )} ms; the functions off ` +
          `the request path, against it (no budget): ` +
          others.map((o) => `${o.name} ${ms(o.medianMs)} ${o.vsEmpty.toFixed(2)}×`).join(', '),
        ok: true,
        emptyHandlerMs: emptyRuns.map((r) => r.ms),
        others,
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
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}
