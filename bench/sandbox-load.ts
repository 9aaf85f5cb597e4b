/**
 * The sandbox (docs/performance.md "Budgets": "sandbox ready after `npm start` (installed) ≤ 5 s"; "sandbox under
 * 32 concurrent clients, 20 s, product reads: 0 errors; p99 reported") and the status endpoint's
 * rate limit under that load (issue 6, point 4).
 *
 * - `sandbox`: time to ready, from the spawn of `node --import tsx bin/sandbox.ts` (as `npm start` runs it,
 *   local/sandbox-child.ts) to its "Ready" line, median of 3 starts, each in a fresh state
 *   directory from the seed cache (node_modules/.cache; an unmeasured start first makes sure the
 *   cache and tsx's are there, as after `npm ci` and a first `npm start`). Then a load run with
 *   autocannon's API on a fourth sandbox, once it is idle: 32 connections for 20 s, each request
 *   `GET /v1/products?page=1..10` or `GET /v1/products/1..200` (half each, a fixed pseudo-random
 *   sequence).
 * - `rate-limit`: the same 32 readers for 20 s, and at the same time one over-eager customer
 *   calling `GET /v1/orders/reports/status/{id}` for its own report back to back, and 3
 *   well-behaved customers each polling their own report's status every 2 s (reports created
 *   first with tokens from the sandbox's issuer, and finished before the run starts). The eager
 *   client must get 429s, each with `Retry-After`; the well-behaved ones only 200/303; the readers
 *   no errors and no non-2xx.
 *
 *   npx tsx bench/sandbox-load.ts [sandbox|rate-limit]    alone (npm run bench runs them all)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { STATUS_POLLS } from '#functions/contracts/caller-limits';
import { SANDBOX_FAULTS_ENV } from '#local/faults';
import { sandboxIssuer } from '#local/issuer/sandbox-issuer';
import { startSandboxChild, stopSandboxChild } from '#local/sandbox-child';
import { type SandboxStatsDocument, STATS_PATH } from '#local/sandbox-stats';
import { PRODUCT_COUNT } from '#local/seed/product-seed';
import type { BenchRow } from './bench-row';
import { count, median, ms, spread, startBenchSandbox } from './support';

/** docs/performance.md "Budgets". */
export const READY_BUDGET_SECONDS = 5;
const READY_RUNS = 3;
export const LOAD_CONNECTIONS = 32;
export const LOAD_SECONDS = 20;
/** Pages of GET /v1/products at the default limit (20) over the seed's 200 products. */
const LIST_PAGES = 10;
const POLITE_CLIENTS = 3;
const POLITE_INTERVAL_MS = 2_000;
/** Customers of the seed: the eager one, then the well-behaved ones. */
const EAGER_CUSTOMER = 2;
const POLITE_CUSTOMERS = Array.from({ length: POLITE_CLIENTS }, (_, i) => 3 + i);

/** The readers' request paths: list pages and single products, a fixed sequence (mulberry32). */
const productPaths = (base: string) => {
  let seed = 0x10ad_0001;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () =>
    random() < 0.5
      ? `${base}/products?page=${1 + Math.floor(random() * LIST_PAGES)}`
      : `${base}/products/${1 + Math.floor(random() * PRODUCT_COUNT)}`;
};

/** 32 readers for 20 s on product reads against the sandbox at `url` (`http://host:port/v1`). */
const productLoad = (url: string) => {
  const { origin, pathname } = new URL(url);
  const next = productPaths(pathname);
  return autocannon({
    url: origin,
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }],
  });
};

const loadSummary = (result: autocannon.Result) =>
  `${count(Math.round(result.requests.average))} requests/s (${count(result.requests.total)} in ` +
  `${result.duration.toFixed(0)} s), p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, ` +
  `max ${ms(result.latency.max)}, ${result.errors} errors (${result.timeouts} timeouts), ${result.non2xx} non-2xx`;

const noErrors = (result: autocannon.Result) => result.errors === 0 && result.non2xx === 0;

export async function benchSandbox(): Promise<(BenchRow & Record<string, unknown>)[]> {
  const { [SANDBOX_FAULTS_ENV]: _faults, ...env } = process.env;
  const startOnce = async () => {
    const stateDir = mkdtempSync(path.join(tmpdir(), 'commerce-api-bench-ready-'));
    try {
      const sandbox = await startSandboxChild(stateDir, { env });
      await stopSandboxChild(sandbox.child);
      return sandbox.readyMs;
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  };
  const firstMs = await startOnce();
  const readyMs: number[] = [];
  for (let run = 0; run < READY_RUNS; run++) readyMs.push(await startOnce());
  const readySeconds = median(readyMs) / 1000;
  const readyOk = readySeconds <= READY_BUDGET_SECONDS;
  const readyLabel = 'sandbox ready after start';

  const sandbox = await startBenchSandbox('load');
  let load: autocannon.Result;
  try {
    load = await productLoad(sandbox.url);
  } finally {
    await sandbox.stop();
  }
  const loadOk = noErrors(load);
  const loadLabel = `sandbox under ${LOAD_CONNECTIONS} concurrent clients, ${LOAD_SECONDS} s, product reads`;
  return [
    {
      row: `${readyLabel} | ${readySeconds.toFixed(2)} s | ≤ ${READY_BUDGET_SECONDS} s | ${readyOk ? 'ok' : 'over'}`,
      detail:
        `${readyLabel}: spawn of node --import tsx bin/sandbox.ts to its "Ready" line, median of ${READY_RUNS} starts ` +
        `(${spread(readyMs, (n) => (n / 1000).toFixed(2))} s), each in a fresh state directory from the ` +
        `seed cache; an unmeasured start first took ${(firstMs / 1000).toFixed(2)} s`,
      ok: readyOk,
      readyMs,
      firstMs,
    },
    {
      row:
        `${loadLabel} | ${load.errors} errors, ${load.non2xx} non-2xx; p99 ${ms(load.latency.p99)} | ` +
        `0 errors; p99 reported | ${loadOk ? 'ok' : 'over'}`,
      detail:
        `${loadLabel}: autocannon, GET /v1/products?page=1..${LIST_PAGES} and /v1/products/1..${PRODUCT_COUNT}, ` +
        `half each; ${loadSummary(load)}`,
      ok: loadOk,
      load: {
        requestsPerSecond: load.requests.average,
        total: load.requests.total,
        p50: load.latency.p50,
        p99: load.latency.p99,
        max: load.latency.max,
        errors: load.errors,
        timeouts: load.timeouts,
        non2xx: load.non2xx,
      },
    },
  ];
}

interface PollRecord {
  readonly status: number;
  readonly retryAfter: string | null;
}

const tally = (records: readonly PollRecord[]) => {
  const byStatus = new Map<number, number>();
  for (const r of records) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${count(n)}×${status}`)
    .join(', ');
};

export async function benchRateLimit(): Promise<(BenchRow & Record<string, unknown>)[]> {
  const sandbox = await startBenchSandbox('rate-limit');
  try {
    const issuer = sandboxIssuer(sandbox.stateDir);
    const auth = (sub: number) => ({ authorization: `Bearer ${issuer.token({ sub })}` });
    const createReport = async (sub: number) => {
      const response = await fetch(`${sandbox.url}/orders/reports`, {
        method: 'POST',
        headers: { ...auth(sub), 'content-type': 'application/json' },
        body: JSON.stringify({ start_date: '2025-01-01', end_date: '2025-12-31' }),
      });
      if (response.status !== 202)
        throw new Error(`POST /orders/reports as ${sub} answered ${response.status}`);
      const location = response.headers.get('location');
      if (!location) throw new Error('POST /orders/reports answered no Location');
      return location;
    };
    const statusUrls = new Map<number, string>();
    for (const sub of [EAGER_CUSTOMER, ...POLITE_CUSTOMERS]) statusUrls.set(sub, await createReport(sub));
    // The reports finish before the run, so their generation does not share it.
    const until = Date.now() + 60_000;
    for (;;) {
      const stats = (await (await fetch(new URL(STATS_PATH, sandbox.url))).json()) as SandboxStatsDocument;
      if (stats.executions && stats.executions.running === 0 && stats.executions.started >= statusUrls.size)
        break;
      if (Date.now() > until) throw new Error('The reports did not finish within 60 s');
      await sleep(200);
    }

    const poll = async (sub: number): Promise<PollRecord> => {
      const response = await fetch(statusUrls.get(sub)!, { headers: auth(sub), redirect: 'manual' });
      await response.arrayBuffer();
      return { status: response.status, retryAfter: response.headers.get('retry-after') };
    };
    let running = true;
    const eager: PollRecord[] = [];
    const eagerClient = (async () => {
      while (running) eager.push(await poll(EAGER_CUSTOMER));
    })();
    const polite = new Map<number, PollRecord[]>(POLITE_CUSTOMERS.map((sub) => [sub, []]));
    const politeClients = POLITE_CUSTOMERS.map(async (sub, i) => {
      // Spread over the interval, so the well-behaved clients do not poll in step.
      await sleep((i * POLITE_INTERVAL_MS) / POLITE_CLIENTS);
      while (running) {
        const next = Date.now() + POLITE_INTERVAL_MS;
        polite.get(sub)!.push(await poll(sub));
        await sleep(Math.max(0, next - Date.now()));
      }
    });
    const started = Date.now();
    const load = await productLoad(sandbox.url);
    running = false;
    await Promise.all([eagerClient, ...politeClients]);
    const seconds = (Date.now() - started) / 1000;

    const eager429 = eager.filter((r) => r.status === 429);
    const withRetryAfter = eager429.filter((r) => r.retryAfter !== null && Number(r.retryAfter) >= 1);
    const eagerAllowed = eager.filter((r) => r.status === 200 || r.status === 303).length;
    // A token bucket: the whole bucket at once, then one token per refill interval.
    const refillSeconds = STATUS_POLLS.refillSeconds / STATUS_POLLS.capacity;
    const mostAllowed = STATUS_POLLS.capacity + Math.ceil(seconds / refillSeconds);
    const politeRecords = [...polite.values()].flat();
    const politeOk =
      politeRecords.length > 0 && politeRecords.every((r) => r.status === 200 || r.status === 303);
    const eagerOk =
      eager429.length > 0 &&
      withRetryAfter.length === eager429.length &&
      eager.every((r) => r.status === 429 || r.status === 200 || r.status === 303) &&
      eagerAllowed <= mostAllowed;
    const ok = eagerOk && politeOk && noErrors(load);
    const label = `status rate limit under the ${LOAD_CONNECTIONS}-client load`;
    return [
      {
        row:
          `${label} | eager: ${count(eager429.length)}×429 (${withRetryAfter.length === eager429.length ? 'all' : count(withRetryAfter.length)} with Retry-After), ` +
          `${eagerAllowed} allowed; polite: ${tally(politeRecords)}; readers: ${load.errors} errors, ` +
          `${load.non2xx} non-2xx | eager 429 + Retry-After; polite 200/303 only; readers 0 errors | ` +
          `${ok ? 'ok' : 'over'}`,
        detail:
          `${label}: over ${seconds.toFixed(1)} s, one customer calling GET /v1/orders/reports/status/{id} for ` +
          `its own report back to back (${tally(eager)}; at most ${mostAllowed} allowed: ${STATUS_POLLS.capacity} at once, ` +
          `then one every ${refillSeconds} s), ${POLITE_CLIENTS} customers ` +
          `polling their own every ${POLITE_INTERVAL_MS / 1000} s (${POLITE_CUSTOMERS.map((sub) => tally(polite.get(sub)!)).join(' / ')}), ` +
          `and the readers: ${loadSummary(load)}`,
        ok,
        eager: {
          total: eager.length,
          tooMany: eager429.length,
          withRetryAfter: withRetryAfter.length,
          allowed: eagerAllowed,
        },
        polite: Object.fromEntries([...polite].map(([sub, records]) => [sub, records.map((r) => r.status)])),
        readers: {
          requestsPerSecond: load.requests.average,
          p50: load.latency.p50,
          p99: load.latency.p99,
          errors: load.errors,
          non2xx: load.non2xx,
        },
      },
    ];
  } finally {
    await sandbox.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const which = process.argv[2];
  const rows = [
    ...(which === undefined || which === 'sandbox' ? await benchSandbox() : []),
    ...(which === undefined || which === 'rate-limit' ? await benchRateLimit() : []),
  ];
  for (const r of rows) console.log(r.row);
  for (const r of rows) console.log(r.detail);
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}
