/**
 * Warm overhead of the shared middleware stack (docs/performance.md "Budgets": "per-request overhead of the
 * shared middleware stack ≤ 0.2 ms over a bare handler"). Two handlers do the same fixed
 * in-memory work — find a seed product by the path's id in a map and build its translated view
 * (`productView`), as GET /products/{product_id} does minus the table read:
 *
 * - bare: reads the id from the event, does the work and answers JSON by hand;
 * - stacked: the same work inside `httpRoute` with get-product's options (path schema, `fields`,
 *   language negotiation, public cache), i.e. the whole middy chain: the request's log line and
 *   correlation id, the error step, header normalizing, path and query validation, the response headers.
 *
 * Both are invoked in-process, one request at a time, with events/get-product.json (the proxy
 * event the sandbox builds for GET /v1/products/1) and a Lambda context: a warm-up, then rounds
 * of many invocations each, bare and stacked alternating (ABBA) so drift falls on both. The
 * figure is median(stacked) − median(bare) per request. It runs in a child process per log
 * level so that nothing else in the bench process shares its heap or JIT: `LOG_LEVEL=WARN`
 * (the figure; the request log line is not written) and `LOG_LEVEL=INFO` as deployed (the line
 * is built and written to the child's stdout, which is /dev/null), shown in the detail.
 *
 *   npx tsx bench/warm-overhead.ts    this benchmark alone (npm run bench runs them all)
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { projectRoot } from '#lib/project-paths';
import type { BenchRow } from './bench-row';
import { median, projectNode } from './support';

/** docs/performance.md "Budgets", in milliseconds. */
export const WARM_OVERHEAD_BUDGET_MS = 0.2;
const ROUNDS = 7;
const INVOCATIONS = 20_000;
const WARM_UP = 5_000;
const LABEL = 'middleware stack overhead per request, warm';

interface ChildResult {
  readonly logLevel: string;
  /** Microseconds per request, one figure per round. */
  readonly bareUs: number[];
  readonly stackedUs: number[];
}

const thisFile = fileURLToPath(import.meta.url);

/** In the child: LOG_LEVEL is already in the environment, before the logger is made. */
const runChild = async (): Promise<ChildResult> => {
  const { httpRoute } = await import('#functions/contracts/product-route-parts');
  const { FIRST_LANGUAGES, lookupLanguage, parseAcceptLanguage, Translation } = await import(
    '#functions/contracts/served-languages'
  );
  const { PRODUCT_FIELDS, productView, productPath } = await import(
    '#functions/contracts/product-route-parts'
  );
  const { seedProducts } = await import('#local/seed/product-seed');

  const event = JSON.parse(
    readFileSync(path.join(projectRoot, 'events', 'get-product.json'), 'utf8'),
  ) as APIGatewayProxyEvent;
  const context = {
    callbackWaitsForEmptyEventLoop: true,
    functionName: 'commerce-api-bench-get-product',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:commerce-api-bench-get-product',
    memoryLimitInMB: '512',
    awsRequestId: 'bench-warm',
    logGroupName: '/aws/lambda/commerce-api-bench-get-product',
    logStreamName: 'bench',
    getRemainingTimeInMillis: () => 10_000,
  } as Context;

  const products = new Map(seedProducts().map((p) => [p.id, p]));
  const work = (id: number, language: Parameters<typeof productView>[1]) => {
    const product = products.get(id);
    return product && productView(product, language);
  };
  // The bare handler answers in the language the stack negotiates for this event.
  const header = event.headers['Accept-Language'];
  const language = lookupLanguage(
    header === undefined ? undefined : parseAcceptLanguage(header),
    FIRST_LANGUAGES,
  );
  const bare = async (e: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const body = work(Number(e.pathParameters?.product_id), new Translation(language));
    if (!body) return { statusCode: 404, body: '' };
    return {
      statusCode: 200,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=60' },
      body: JSON.stringify(body),
    };
  };
  const stacked = httpRoute(
    { path: productPath, fields: PRODUCT_FIELDS, translated: async () => FIRST_LANGUAGES, cache: 'public' },
    async ({ path: { product_id }, translation }) => ({ body: work(product_id, translation) }),
  );
  const handlers = { bare, stacked: (e: APIGatewayProxyEvent) => stacked(e, context) };

  // Same answer from both, or the comparison means nothing.
  const [a, b] = [await handlers.bare(event), await handlers.stacked(event)];
  if (a.statusCode !== 200 || b.statusCode !== 200 || a.body !== b.body) {
    throw new Error(`The handlers answer differently: ${a.statusCode} ${b.statusCode}`);
  }

  const timeOf = async (handler: (e: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>, n: number) => {
    const started = performance.now();
    for (let i = 0; i < n; i++) await handler(event);
    return ((performance.now() - started) * 1000) / n;
  };
  await timeOf(handlers.bare, WARM_UP);
  await timeOf(handlers.stacked, WARM_UP);
  const bareUs: number[] = [];
  const stackedUs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      bareUs.push(await timeOf(handlers.bare, INVOCATIONS));
      stackedUs.push(await timeOf(handlers.stacked, INVOCATIONS));
    } else {
      stackedUs.push(await timeOf(handlers.stacked, INVOCATIONS));
      bareUs.push(await timeOf(handlers.bare, INVOCATIONS));
    }
  }
  return { logLevel: process.env.LOG_LEVEL ?? '', bareUs, stackedUs };
};

const us = (n: number) => `${n.toFixed(1)} µs`;

/** Runs the rounds in a fresh process at that log level; its result comes on fd 3, its log lines on stdout. */
const inChild = (logLevel: string) =>
  new Promise<ChildResult>((resolve, reject) => {
    const child = spawn(projectNode, ['--import', 'tsx', thisFile, '--child'], {
      cwd: projectRoot,
      env: { ...process.env, LOG_LEVEL: logLevel, POWERTOOLS_SERVICE_NAME: 'commerce-api' },
      stdio: ['ignore', 'ignore', 'inherit', 'pipe'],
    });
    let out = '';
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as ChildResult)
        : reject(new Error(`The warm-overhead child (LOG_LEVEL=${logLevel}) exited with ${code}`)),
    );
  });

export async function benchWarmOverhead(): Promise<(BenchRow & Record<string, unknown>)[]> {
  const quiet = await inChild('WARN');
  const logging = await inChild('INFO');
  const overheadMs = (r: ChildResult) => (median(r.stackedUs) - median(r.bareUs)) / 1000;
  const figure = overheadMs(quiet);
  const ok = figure <= WARM_OVERHEAD_BUDGET_MS;
  const rounds = (r: ChildResult) => r.stackedUs.map((s, i) => `${(s - r.bareUs[i]!).toFixed(1)}`).join(', ');
  return [
    {
      row:
        `${LABEL} (LOG_LEVEL=WARN) | ${figure.toFixed(3)} ms (${us(median(quiet.stackedUs))} vs bare ` +
        `${us(median(quiet.bareUs))}) | ≤ ${WARM_OVERHEAD_BUDGET_MS} ms | ${ok ? 'ok' : 'over'}`,
      detail:
        `${LABEL}: httpRoute with get-product's options vs a bare handler, same work (productView of a seed ` +
        `product), events/get-product.json; medians of ${ROUNDS} rounds of ${INVOCATIONS.toLocaleString('en-US')} ` +
        `sequential invocations after ${WARM_UP.toLocaleString('en-US')} each to warm up; per-round ` +
        `differences ${rounds(quiet)} µs. With LOG_LEVEL=INFO as deployed (one log line a request, to ` +
        `/dev/null): ${overheadMs(logging).toFixed(3)} ms (${us(median(logging.stackedUs))} vs ` +
        `${us(median(logging.bareUs))}; rounds ${rounds(logging)} µs)`,
      ok,
      warn: quiet,
      info: logging,
    },
  ];
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === thisFile;
if (isMain) {
  if (process.argv[2] === '--child') {
    const result = await runChild();
    writeSync(3, JSON.stringify(result));
  } else {
    const rows = await benchWarmOverhead();
    for (const r of rows) console.log(r.row);
    for (const r of rows) console.log(r.detail);
    if (rows.some((r) => !r.ok)) process.exitCode = 1;
  }
}
