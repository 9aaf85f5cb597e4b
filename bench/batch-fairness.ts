/**
 * Batch fairness (docs/performance.md "Budgets": "a one-item batch while another customer has 20,000 items
 * queued: completed ≤ 10 s"; issue 14 §2). Starts a sandbox as `npm start` does, lets customer
 * A post 40 batches of 500 items back to back (20,000 items queued: A has 502 orders, and a batch
 * names each order once, docs/decisions/order-batches.md D66), then customer B posts a
 * batch of one item and polls it: the figure is the time from B's POST to its first answer that
 * says `completed`. Then it waits for A's 20,000 items to complete (what pacing costs A is
 * reported too) before the next run; median of 3 runs, after a warm-up of one small batch each.
 *
 *   npx tsx bench/batch-fairness.ts    this benchmark alone
 */
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sandboxIssuer } from '#local/issuer/sandbox-issuer';
import { ORDER_COUNT, seedOrders } from '#local/seed/order-seed';
import type { BenchRow } from './bench-row';
import { median, startBenchSandbox } from './support';

/** docs/performance.md "Budgets". */
export const FAIRNESS_BUDGET_SECONDS = 10;
const RUNS = 3;
const BACKLOG_BATCHES = 40;
/** Items of one backlog batch: each of the busy customer's orders at most once (D66). */
const BATCH_ITEMS = 500;
const POLL_MS = 50;
/** The customer with the most orders posts the backlog; the one with the fewest, the single item. */
const BUSY = 9;
const QUIET = 8;
const LABEL = `one-item batch while another customer has ${(BACKLOG_BATCHES * BATCH_ITEMS).toLocaleString('en-US')} items queued, sandbox`;

export interface FairnessRun {
  /** Seconds from the quiet customer's POST to `completed`. */
  readonly quietSeconds: number;
  /** Seconds from the busy customer's first POST to its last batch `completed`. */
  readonly busySeconds: number;
  /** The busy customer's POSTs answered 201 and 429. */
  readonly accepted: number;
  readonly refused: number;
}

/**
 * 500 items, each once: the busy customer's own orders (105) and unknown order ids for the rest,
 * which count as every item does; dates of their own per run and batch (a `sent_on` lies between
 * 2000 and next year, D66: runs 1 to 3 use 2025 to 2027).
 */
const backlogItems = (run: number, batch: number) => {
  const own = seedOrders()
    .filter((o) => o.userId === BUSY)
    .map((o) => o.id);
  const unknown = Array.from({ length: BATCH_ITEMS - own.length }, (_, k) => ORDER_COUNT + 1 + k);
  return [...own, ...unknown].map((id, n) => ({
    id,
    sent_on: `${2024 + run}-${String(1 + (batch % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
  }));
};

export async function benchBatchFairness(): Promise<BenchRow[]> {
  const sandbox = await startBenchSandbox('fairness');
  try {
    const issuer = sandboxIssuer(sandbox.stateDir);
    const headers = (sub: number) => ({
      authorization: `Bearer ${issuer.token({ sub, admin: false })}`,
      'content-type': 'application/json',
    });
    const post = async (sub: number, items: unknown) => {
      const response = await fetch(`${sandbox.url}/orders/batches`, {
        method: 'POST',
        headers: headers(sub),
        body: JSON.stringify({ items }),
      });
      const body = (await response.json()) as { id?: number };
      return { status: response.status, id: body.id };
    };
    const completed = async (sub: number, id: number, budgetMs: number) => {
      const until = Date.now() + budgetMs;
      for (;;) {
        const response = await fetch(`${sandbox.url}/orders/batches/${id}`, { headers: headers(sub) });
        if (((await response.json()) as { status: string }).status === 'completed') return;
        if (Date.now() > until) throw new Error(`Batch ${id} did not complete within ${budgetMs / 1000} s`);
        await sleep(POLL_MS);
      }
    };
    const quietOrder = seedOrders().find((o) => o.userId === QUIET)!.id;
    const quietItem = (run: number) => [{ id: quietOrder, sent_on: `${2024 + run}-12-31` }];

    // Warm-up: the first invocations load the functions' modules.
    const warm = await post(QUIET, quietItem(0));
    await completed(QUIET, warm.id!, 30_000);

    const runs: FairnessRun[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const t0 = performance.now();
      const backlog: number[] = [];
      let refused = 0;
      for (let batch = 0; batch < BACKLOG_BATCHES; batch++) {
        const answer = await post(BUSY, backlogItems(run, batch));
        if (answer.status === 201) backlog.push(answer.id!);
        else if (answer.status === 429) refused++;
        else throw new Error(`POST /orders/batches answered ${answer.status}`);
      }
      const t1 = performance.now();
      const quiet = await post(QUIET, quietItem(run));
      if (quiet.status !== 201) throw new Error(`The quiet customer's POST answered ${quiet.status}`);
      await completed(QUIET, quiet.id!, 120_000);
      const quietSeconds = (performance.now() - t1) / 1000;
      for (const id of backlog) await completed(BUSY, id, 300_000);
      const busySeconds = (performance.now() - t0) / 1000;
      runs.push({ quietSeconds, busySeconds, accepted: backlog.length, refused });
    }

    const seconds = median(runs.map((r) => r.quietSeconds));
    const worst = Math.max(...runs.map((r) => r.quietSeconds));
    const ok = worst <= FAIRNESS_BUDGET_SECONDS;
    const s = (n: number) => `${n.toFixed(1)} s`;
    return [
      {
        row: `${LABEL} | ${s(seconds)} (worst ${s(worst)}) | ≤ ${FAIRNESS_BUDGET_SECONDS} s | ${ok ? 'ok' : 'over'}`,
        detail:
          `${LABEL}: customer ${BUSY} posts ${BACKLOG_BATCHES} batches of ${BATCH_ITEMS} back to back, then customer ` +
          `${QUIET} posts one item; its completion ${runs.map((r) => s(r.quietSeconds)).join(', ')} (median of ${RUNS}); ` +
          `customer ${BUSY}'s batches: ${runs.map((r) => `${r.accepted} accepted, ${r.refused} refused (429), all completed in ${s(r.busySeconds)}`).join('; ')}`,
        ok,
        runs,
      } as BenchRow & { runs: FairnessRun[] },
    ];
  } finally {
    await sandbox.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await benchBatchFairness();
  for (const r of rows) console.log(r.row);
  for (const r of rows) console.log(r.detail);
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}
