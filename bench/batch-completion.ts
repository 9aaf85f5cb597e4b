/**
 * Order-batch benchmark (docs/performance.md "Budgets": "batch of 1,000 items, sandbox, end to end: completed
 * ≤ 10 s"). Starts a sandbox as `npm start` does (a child process, free ports, a temporary
 * state directory), posts a batch of 1,000 items as a customer and polls it until `completed`:
 * the time from the POST to the first answer that says `completed`, median of 3 runs, each on
 * a fresh batch (a 1-item batch first warms the functions up, unmeasured).
 *
 * It also counts the DynamoDB writes per item: the sandbox counts every request its process
 * sends to dynalite, by the operation in its `X-Amz-Target` header (Node's
 * `http.client.request.start` diagnostics channel, local/sandbox-stats.ts), and serves
 * the counters at `/_sandbox/stats`. The benchmark reads them before the POST and again once the
 * batch's last message is deleted; the difference in PutItem, UpdateItem, DeleteItem,
 * BatchWriteItem and TransactWriteItems requests (a conditional write that fails counts: DynamoDB
 * charges it too), divided by 1,000, is the figure. Polling only reads.
 *
 *   npx tsx bench/batch-completion.ts    this benchmark alone (npm run bench runs them all)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { CHUNK_SIZE, MAX_BATCH_ITEMS } from '#functions/contracts/batch-chunks';
import { BATCH_LIMITS } from '#functions/contracts/caller-limits';
import { batchFunctions } from '#functions/function-registry';
import { WRITE_OPERATIONS } from '#local/dynamodb-item-writes';
import { SANDBOX_FAULTS_ENV } from '#local/faults';
import { sandboxIssuer } from '#local/issuer/sandbox-issuer';
import { startSandboxChild, stopSandboxChild } from '#local/sandbox-child';
import { type SandboxStatsDocument, STATS_PATH } from '#local/sandbox-stats';
import { ORDER_COUNT, seedOrders } from '#local/seed/order-seed';

/** docs/performance.md "Budgets". */
export const BATCH_BUDGET_SECONDS = 10;
const RUNS = 3;
const POLL_MS = 50;
const CALLER = 9;
const LABEL = 'batch of 1,000 items, sandbox, end to end';

export interface BatchBenchResult {
  /** Median seconds from POST to `completed`. */
  readonly seconds: number;
  readonly runs: readonly number[];
  readonly writesPerItem: number;
  /** Write requests of the median run, by operation. */
  readonly writes: Readonly<Record<string, number>>;
  readonly ok: boolean;
  /** `batch of 1,000 items, sandbox, end to end | 1.2 s | ≤ 10 s | ok` */
  readonly row: string;
  readonly detail: string;
}

/**
 * The e2e story's mix, with dates of its own per run: every one of the caller's orders (the
 * customer with the most, 105), 300 other customers' orders and unknown order ids for the rest,
 * interleaved.
 */
const batchItems = (run: number) => {
  const orders = seedOrders();
  const own = orders.filter((o) => o.userId === CALLER).map((o) => o.id);
  const others = orders.filter((o) => o.userId !== CALLER).map((o) => o.id);
  const theirs = others.filter((_, i) => i % 3 === 0).slice(0, 300);
  const ids = [
    ...own,
    ...Array.from(
      { length: MAX_BATCH_ITEMS - own.length - theirs.length },
      (_, i) => ORDER_COUNT + 1 + i * 7,
    ),
    ...theirs,
  ].sort((a, b) => ((a * 7919) % 1009) - ((b * 7919) % 1009) || a - b);
  if (ids.length !== MAX_BATCH_ITEMS) throw new Error(`The benchmark batch has ${ids.length} items`);
  return ids.map((id, n) => ({
    id,
    // A year of its own per run, within what a batch accepts (2000 to next year, docs/decisions/order-batches.md D66).
    sent_on: `${2010 + run}-0${1 + (n % 9)}-${String(1 + (n % 28)).padStart(2, '0')}`,
  }));
};

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function benchBatch(): Promise<BatchBenchResult> {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'commerce-api-bench-batch-'));
  // A benchmark of the sandbox as it ships: no injected faults, whatever the shell has.
  const { [SANDBOX_FAULTS_ENV]: _faults, ...env } = process.env;
  const sandbox = await startSandboxChild(stateDir, { env }).catch((error: unknown) => {
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const token = sandboxIssuer(stateDir).token({ sub: CALLER, admin: false });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const stats = async () =>
      (await (await fetch(new URL(STATS_PATH, sandbox.url))).json()) as SandboxStatsDocument;
    const post = async (items: unknown) => {
      const response = await fetch(`${sandbox.url}/orders/batches`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ items }),
      });
      if (response.status !== 201) throw new Error(`POST /orders/batches answered ${response.status}`);
      return ((await response.json()) as { id: number }).id;
    };
    const completed = async (id: number) => {
      const until = Date.now() + 60_000;
      for (;;) {
        const response = await fetch(`${sandbox.url}/orders/batches/${id}`, { headers });
        const batch = (await response.json()) as { status: string; count: number };
        if (batch.status === 'completed') return batch;
        if (Date.now() > until) throw new Error(`Batch ${id} did not complete within 60 s`);
        await sleep(POLL_MS);
      }
    };
    /** Waits until the processor has deleted `messages` more messages than in `before`. */
    const settled = async (before: SandboxStatsDocument, messages: number) => {
      const processor = batchFunctions.processor.name;
      for (;;) {
        const now = await stats();
        if (now.mappings[processor]!.deleted - before.mappings[processor]!.deleted >= messages) return now;
        await sleep(POLL_MS);
      }
    };

    // Warm-up: the first invocations load the functions' modules.
    await completed(await post(batchItems(0).slice(0, 1)));

    const runs: { seconds: number; writes: Record<string, number> }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      // Each run is a caller's one batch: the previous run's items must have left the caller's
      // schedule, or this one would be paced behind them (docs/decisions/order-batches.md D57).
      await sleep((BATCH_LIMITS.unpacedItems / BATCH_LIMITS.itemsPerSecond) * 1000);
      const items = batchItems(run);
      const before = await stats();
      const t0 = performance.now();
      const id = await post(items);
      const batch = await completed(id);
      const seconds = (performance.now() - t0) / 1000;
      if (batch.count !== items.length) throw new Error(`Batch ${id} completed with count ${batch.count}`);
      const after = await settled(before, Math.ceil(items.length / CHUNK_SIZE));
      const writes = Object.fromEntries(
        WRITE_OPERATIONS.map((op) => [
          op,
          (after.dynamodb.requests[op] ?? 0) - (before.dynamodb.requests[op] ?? 0),
        ]),
      );
      runs.push({ seconds, writes });
    }

    const seconds = median(runs.map((r) => r.seconds));
    const medianRun = runs.find((r) => r.seconds === seconds)!;
    const writeCount = Object.values(medianRun.writes).reduce((a, b) => a + b, 0);
    const writesPerItem = writeCount / MAX_BATCH_ITEMS;
    const ok = seconds <= BATCH_BUDGET_SECONDS;
    const byOperation = Object.entries(medianRun.writes)
      .filter(([, n]) => n > 0)
      .map(([op, n]) => `${op} ${n.toLocaleString('en-US')}`)
      .join(', ');
    return {
      seconds,
      runs: runs.map((r) => r.seconds),
      writesPerItem,
      writes: medianRun.writes,
      ok,
      row: `${LABEL} | ${seconds.toFixed(2)} s | ≤ ${BATCH_BUDGET_SECONDS} s | ${ok ? 'ok' : 'over'}`,
      detail:
        `${LABEL}: runs ${runs.map((r) => `${r.seconds.toFixed(2)} s`).join(', ')} (median of ${RUNS}, ` +
        `after a 1-item warm-up); DynamoDB writes per item ${writesPerItem.toFixed(3)} ` +
        `(${writeCount.toLocaleString('en-US')} write requests for ${MAX_BATCH_ITEMS.toLocaleString('en-US')} items: ${byOperation})`,
    };
  } finally {
    await stopSandboxChild(sandbox.child);
    rmSync(stateDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchBatch();
  console.log(result.row);
  console.log(result.detail);
  if (!result.ok) process.exitCode = 1;
}
