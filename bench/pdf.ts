/**
 * PDF report benchmark (docs/performance.md "Budgets"): renders 10,000 and 100,000 synthetic orders with
 * `renderOrdersReport`, each size in a fresh child process so its peak RSS is that size's own; each
 * size twice: for a name the standard fonts print (the budgets), and for a name in five scripts,
 * which loads fontkit and three Noto faces and embeds their subsets (reported, beside the first:
 * docs/decisions/report-export.md D101).
 *
 *   npx tsx bench/pdf.ts                 every case, prints the table rows
 *   npx tsx bench/pdf.ts --keep /tmp/x   also writes the PDFs there
 *
 * Time is the median of the runs (the first run, with a cold JIT and, for the five scripts, the
 * engine's first load, is printed too), and the CPU time of that median run, which other work on
 * the machine moves less; memory is the child's peak resident set (`process.resourceUsage().maxRSS`),
 * which includes Node, tsx and pdf-lib themselves: the "process before rendering" figure says how
 * much of it that is.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrderRecord, OrderStatus } from '#functions/contracts/pdf-rendering';
import { planPages, renderOrdersReport, reportFontFiles } from '#functions/contracts/pdf-rendering';
import { projectRoot } from '#lib/project-paths';

/** Whom the report is for: a name the standard fonts print, or one in five scripts. */
export type PdfName = 'latin' | 'scripts';

const NAMES: Readonly<Record<PdfName, string>> = {
  latin: 'All customers (administrator)',
  scripts: 'All customers, for administrator Łukasz Αλέξανδρος Żółć-Иванов 山田はなこ محمد (łukasz)',
};

export interface PdfBudget {
  readonly orders: number;
  readonly runs: number;
  readonly seconds: number;
  readonly megabytes: number;
  readonly name: PdfName;
}

export const PDF_BUDGETS: readonly PdfBudget[] = [
  { orders: 10_000, runs: 3, seconds: 0.6, megabytes: 150, name: 'latin' },
  { orders: 100_000, runs: 3, seconds: 6, megabytes: 600, name: 'latin' },
  // Reported, beside the row above each: what the five scripts add.
  {
    orders: 10_000,
    runs: 3,
    seconds: Number.POSITIVE_INFINITY,
    megabytes: Number.POSITIVE_INFINITY,
    name: 'scripts',
  },
  {
    orders: 100_000,
    runs: 3,
    seconds: Number.POSITIVE_INFINITY,
    megabytes: Number.POSITIVE_INFINITY,
    name: 'scripts',
  },
];

export interface PdfBenchResult {
  readonly budget: PdfBudget;
  /** Median wall time of the runs, the CPU time of that run, and the first (cold) run. */
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly firstSeconds: number;
  /** Peak RSS of the child process, and its peak before the first render. */
  readonly peakMegabytes: number;
  readonly baselineMegabytes: number;
  readonly bytes: number;
  readonly pages: number;
  readonly ok: boolean;
  /** `PDF 10,000 orders | 0.12 s / 110 MB | ≤ 0.6 s / ≤ 150 MB | ok` */
  readonly row: string;
  /** File size, pages, cold run and baseline, one line. */
  readonly detail: string;
}

const STATUSES: readonly OrderStatus[] = [
  'delivered',
  'delivered',
  'delivered',
  'shipped',
  'paid',
  'pending',
  'cancelled',
];

/**
 * `count` orders of 20 customers over 2025, deterministic (a fixed-seed PRNG): shop-like totals,
 * mostly EUR with some GBP and USD, handed over in storage order rather than by date.
 */
export const syntheticOrders = (count: number): OrderRecord[] => {
  let seed = 0x5eed_0001;
  const random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const start = Date.UTC(2025, 0, 1);
  const year = 365 * 24 * 3600 * 1000;
  return Array.from({ length: count }, (_, i) => {
    const created = new Date(start + Math.floor(random() * year)).toISOString();
    const roll = random();
    return {
      id: i + 1,
      userId: 2 + Math.floor(random() * 19),
      createdAt: created.slice(0, 10) + ' ' + created.slice(11, 19),
      status: STATUSES[Math.floor(random() * STATUSES.length)]!,
      total: {
        value: Math.round((5 + random() * (random() < 0.1 ? 2500 : 150)) * 100) / 100,
        currency: roll < 0.8 ? 'EUR' : roll < 0.9 ? 'GBP' : 'USD',
      },
      sentOn: null,
    };
  });
};

interface ChildReport {
  times: number[];
  cpu: number[];
  bytes: number;
  pages: number;
  baselineKb: number;
  peakKb: number;
}

const GENERATED_AT = new Date('2026-01-15T09:00:00Z');

/** In the child: builds the orders, renders `runs` times, reports on stdout as JSON. */
const runChild = async (count: number, runs: number, name: PdfName, keepDir: string | undefined) => {
  const orders = syntheticOrders(count);
  // The project's packages, as the sandbox reads them; the engine loads in the first run.
  const fonts = reportFontFiles(projectRoot);
  const baselineKb = process.resourceUsage().maxRSS;
  const times: number[] = [];
  const cpu: number[] = [];
  let pdf: Uint8Array = new Uint8Array();
  for (let run = 0; run < runs; run++) {
    pdf = new Uint8Array();
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    pdf = await renderOrdersReport({
      orders,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      generatedAt: GENERATED_AT,
      preparedFor: NAMES[name],
      fonts,
    });
    times.push((performance.now() - started) / 1000);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1e6);
  }
  const peakKb = process.resourceUsage().maxRSS;
  const pages = planPages(orders.length, 1 + new Set(orders.map((o) => o.total.currency)).size).length;
  if (keepDir) {
    mkdirSync(keepDir, { recursive: true });
    writeFileSync(join(keepDir, `orders-report-${count}-${name}.pdf`), pdf);
  }
  const report: ChildReport = { times, cpu, bytes: pdf.length, pages, baselineKb, peakKb };
  process.stdout.write(JSON.stringify(report) + '\n');
};

const thisFile = fileURLToPath(import.meta.url);

const inChild = (budget: PdfBudget, keepDir: string | undefined) =>
  new Promise<ChildReport>((done, fail) => {
    const args = [
      '--import',
      'tsx',
      thisFile,
      '--child',
      String(budget.orders),
      String(budget.runs),
      budget.name,
    ];
    if (keepDir) args.push('--keep', keepDir);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0)
        return fail(new Error(`PDF bench child for ${budget.orders} orders exited with ${code}`));
      done(JSON.parse(out.trim().split('\n').at(-1)!) as ChildReport);
    });
  });

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const count = (n: number) => n.toLocaleString('en-US');
const mb = (kb: number) => kb / 1024;

const at = (values: readonly number[], value: number) => values.indexOf(value);
const signed = (n: number, digits: number) => `${n < 0 ? '−' : '+'}${Math.abs(n).toFixed(digits)}`;

/**
 * Runs each case in its own process; the rows are for the §5 table, a five-scripts row beside the
 * Latin one of its size, with what it adds to it.
 */
export const benchPdf = async (
  options: { budgets?: readonly PdfBudget[]; keepDir?: string } = {},
): Promise<PdfBenchResult[]> => {
  const results: PdfBenchResult[] = [];
  for (const budget of options.budgets ?? PDF_BUDGETS) {
    const child = await inChild(budget, options.keepDir);
    const seconds = median(child.times);
    const cpuSeconds = child.cpu[at(child.times, seconds)] ?? median(child.cpu);
    const peakMegabytes = mb(child.peakKb);
    const ok = seconds <= budget.seconds && peakMegabytes <= budget.megabytes;
    const latin = results.find((r) => r.budget.name === 'latin' && r.budget.orders === budget.orders);
    const label =
      budget.name === 'latin'
        ? `PDF ${count(budget.orders)} orders`
        : `PDF ${count(budget.orders)} orders, a name in five scripts`;
    const measured = `${seconds.toFixed(2)} s / ${peakMegabytes.toFixed(0)} MB`;
    const over = latin
      ? `; ${signed(seconds - latin.seconds, 2)} s (CPU ${signed(cpuSeconds - latin.cpuSeconds, 2)} s), ` +
        `the first of a process ${signed(child.times[0]! - latin.firstSeconds, 2)} s, ` +
        `${signed((child.bytes - latin.bytes) / 1024, 0)} KB, ${signed(peakMegabytes - latin.peakMegabytes, 0)} MB ` +
        'over the Latin report'
      : '';
    const limit = budget.name === 'latin' ? `≤ ${budget.seconds} s / ≤ ${budget.megabytes} MB` : 'reported';
    results.push({
      budget,
      seconds,
      cpuSeconds,
      firstSeconds: child.times[0]!,
      peakMegabytes,
      baselineMegabytes: mb(child.baselineKb),
      bytes: child.bytes,
      pages: child.pages,
      ok,
      row: `${label} | ${measured}${over} | ${limit} | ${ok ? 'ok' : 'over'}`,
      detail:
        `${label}: ${(child.bytes / 1024 / 1024).toFixed(2)} MB file, ${count(child.pages)} pages; ` +
        `median of ${budget.runs} runs (CPU ${cpuSeconds.toFixed(2)} s; first ${child.times[0]!.toFixed(2)} s` +
        `${budget.name === 'scripts' ? ', which loads fontkit and the faces' : ''}); ` +
        `process before rendering ${mb(child.baselineKb).toFixed(0)} MB (node, tsx, pdf-lib, the orders)`,
    });
  }
  return results;
};

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === thisFile;
if (isMain) {
  const argv = process.argv.slice(2);
  const keepAt = argv.indexOf('--keep');
  const keepDir = keepAt >= 0 ? argv[keepAt + 1] : undefined;
  if (argv[0] === '--child') {
    await runChild(Number(argv[1]), Number(argv[2]), argv[3] as PdfName, keepDir);
  } else {
    const results = await benchPdf({ keepDir });
    for (const r of results) console.log(r.row);
    for (const r of results) console.log(r.detail);
    if (results.some((r) => !r.ok)) process.exitCode = 1;
  }
}
