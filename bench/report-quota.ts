/**
 * Report quotas (issue 14 §2; docs/performance.md "Budgets" "report requests of one customer"). Starts a
 * sandbox as `npm start` does; one customer sends 1,000 `POST /orders/reports` back to back (a
 * one-month period, no callback): the figure is how many were accepted (202), how many refused
 * (429, each with a whole-second `Retry-After`), and how many executions the sandbox started.
 * Then a well-behaved partner (another customer) asks for 10 reports one after the other, each
 * polled to its end as `Retry-After` says: it must never see a 429.
 *
 *   npx tsx bench/report-quota.ts    this benchmark alone
 */
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sandboxIssuer } from '#local/issuer/sandbox-issuer';
import { type SandboxStatsDocument, STATS_PATH } from '#local/sandbox-stats';
import type { BenchRow } from './bench-row';
import { count, startBenchSandbox } from './support';

const FLOOD = 1_000;
const FLOOD_CUSTOMER = 2;
const PARTNER = 3;
const PARTNER_REPORTS = 10;
const PERIOD = { start_date: '2025-01-01', end_date: '2025-01-31' };
const LABEL = `report requests of one customer, ${count(FLOOD)} back to back, sandbox`;

export async function benchReportQuota(): Promise<BenchRow[]> {
  const sandbox = await startBenchSandbox('report-quota');
  try {
    const issuer = sandboxIssuer(sandbox.stateDir);
    const auth = (sub: number) => ({ authorization: `Bearer ${issuer.token({ sub, admin: false })}` });
    const request = (sub: number) =>
      fetch(`${sandbox.url}/orders/reports`, {
        method: 'POST',
        headers: { ...auth(sub), 'content-type': 'application/json' },
        body: JSON.stringify(PERIOD),
      });
    const stats = async () =>
      (await (await fetch(new URL(STATS_PATH, sandbox.url))).json()) as SandboxStatsDocument;

    const before = (await stats()).executions?.started ?? 0;
    const t0 = performance.now();
    const statuses = new Map<number, number>();
    const retryAfters: number[] = [];
    let badRetryAfter = 0;
    for (let i = 0; i < FLOOD; i++) {
      const response = await request(FLOOD_CUSTOMER);
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 429) {
        const value = response.headers.get('retry-after') ?? '';
        if (/^[1-9]\d*$/.test(value)) retryAfters.push(Number(value));
        else badRetryAfter++;
      }
    }
    const floodSeconds = (performance.now() - t0) / 1000;
    const started = ((await stats()).executions?.started ?? 0) - before;

    // A partner integrating normally: one report at a time, each polled to its end.
    const partner: number[] = [];
    for (let i = 0; i < PARTNER_REPORTS; i++) {
      const created = await request(PARTNER);
      partner.push(created.status);
      if (created.status !== 202) continue;
      const statusUrl = created.headers.get('location')!;
      for (;;) {
        const polled = await fetch(statusUrl, { headers: auth(PARTNER), redirect: 'manual' });
        const body = (await polled.json()) as { status?: string };
        partner.push(polled.status);
        if (polled.status !== 200 || body.status !== 'IN_PROGRESS') break;
        await sleep(Number(polled.headers.get('retry-after') ?? '2') * 1000);
      }
    }
    const partnerRefused = partner.filter((s) => s === 429).length;

    const accepted = statuses.get(202) ?? 0;
    const refused = statuses.get(429) ?? 0;
    const tally = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${count(n)} × ${status}`)
      .join(', ');
    const ok = refused > 0 && badRetryAfter === 0 && started === accepted && partnerRefused === 0;
    return [
      {
        row:
          `${LABEL} | ${count(accepted)} accepted, ${count(refused)} × 429; ${count(started)} executions; ` +
          `a polite partner ${partnerRefused} × 429 | 429 + Retry-After beyond the quota; nothing started when refused; ` +
          `a polite partner never refused | ${ok ? 'ok' : 'over'}`,
        detail:
          `${LABEL}: ${tally} in ${floodSeconds.toFixed(1)} s; Retry-After ${retryAfters.length > 0 ? `${Math.min(...retryAfters)}–${Math.max(...retryAfters)} s` : 'none'}` +
          `${badRetryAfter > 0 ? ` (${badRetryAfter} 429s without a whole-second Retry-After)` : ''}; ` +
          `${count(started)} executions started; then customer ${PARTNER} asked for ${PARTNER_REPORTS} reports one after ` +
          `the other, polling each as Retry-After says: ${partner.filter((s) => s === 202).length} accepted, ${partnerRefused} × 429`,
        ok,
        accepted,
        refused,
        started,
      } as BenchRow,
    ];
  } finally {
    await sandbox.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await benchReportQuota();
  for (const r of rows) console.log(r.row);
  for (const r of rows) console.log(r.detail);
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}
