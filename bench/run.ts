/**
 * `npm run bench`: runs the benchmarks of docs/performance.md "Budgets", prints one table row each against its
 * budget, then one detail line each, and writes bench/results.json. Exits 1 when a figure is
 * over its budget. `npm run bench -- cold-start listing` runs only the benchmarks named (see
 * `benchmarks` below for their names). Timings are medians of several runs, each beside its
 * baseline measured in the same rounds (the SDK floor, the bare handler), because these machines
 * are noisy; each module's header says how it measures. Not part of `npm test`.
 *
 * Adding one: a module exporting a function that resolves to rows (`BenchRow`,
 * bench/bench-row.ts), and an entry in `benchmarks` below. Each benchmark runs alone, one after
 * the other, so none measures another's load.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { benchBatch } from './batch-completion';
import { benchBatchFairness } from './batch-fairness';
import type { Benchmark, BenchRow } from './bench-row';
import { benchBundles } from './bundles';
import { benchCataloguePublish } from './catalogue-publish';
import { benchColdStart } from './cold-start';
import { benchListing } from './listing-cost';
import { benchOrderEvents } from './order-events-rate';
import { benchPdf } from './pdf';
import { benchReportQuota } from './report-quota';
import { benchSandboxCatalogue } from './sandbox-catalogue-load';
import { benchRateLimit, benchSandbox } from './sandbox-load';
import { benchSearch } from './search';
import { benchSearchLibrary } from './search-library';
import { benchSearchSize } from './search-size';
import { benchWarmOverhead } from './warm-overhead';

/** In the order of docs/performance.md "Budgets"'s table. */
export const benchmarks: readonly Benchmark[] = [
  { name: 'bundles', run: () => benchBundles() },
  { name: 'cold-start', run: () => benchColdStart() },
  { name: 'warm-overhead', run: () => benchWarmOverhead() },
  { name: 'listing', run: () => benchListing() },
  { name: 'search', run: () => benchSearch() },
  { name: 'search-library', run: () => benchSearchLibrary() },
  { name: 'search-size', run: () => benchSearchSize() },
  { name: 'pdf', run: () => benchPdf() },
  { name: 'batch', run: async () => [await benchBatch()] },
  { name: 'batch-fairness', run: () => benchBatchFairness() },
  { name: 'order-events', run: () => benchOrderEvents() },
  { name: 'catalogue-publish', run: () => benchCataloguePublish() },
  { name: 'sandbox-catalogue', run: () => benchSandboxCatalogue() },
  { name: 'sandbox', run: () => benchSandbox() },
  { name: 'rate-limit', run: () => benchRateLimit() },
  { name: 'report-quota', run: () => benchReportQuota() },
];

const RESULTS_FILE = path.join(projectRoot, 'bench', 'results.json');

interface ResultsFile {
  /** Per benchmark: when it last ran, where, and what it returned. */
  readonly benchmarks: Record<
    string,
    { readonly at: string; readonly node: string; readonly results: unknown }
  >;
}

const readResults = (): ResultsFile => {
  try {
    return JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as ResultsFile;
  } catch {
    return { benchmarks: {} };
  }
};

async function main(): Promise<number> {
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !benchmarks.some((b) => b.name === n));
  if (unknown.length > 0) {
    console.error(
      `No benchmark named ${unknown.join(', ')}; there are: ${benchmarks.map((b) => b.name).join(', ')}`,
    );
    return 2;
  }
  const chosen = names.length > 0 ? benchmarks.filter((b) => names.includes(b.name)) : benchmarks;
  const results = readResults();
  const rows: BenchRow[] = [];
  for (const benchmark of chosen) {
    console.error(`Running ${benchmark.name}...`);
    const produced = await benchmark.run();
    rows.push(...produced);
    // Merged into what other runs left: running one benchmark keeps the others' last figures.
    results.benchmarks[benchmark.name] = {
      at: new Date().toISOString(),
      node: process.version,
      results: produced,
    };
  }
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);

  console.log(
    ['', 'what | measured | budget | verdict', '--- | --- | --- | ---', ...rows.map((r) => r.row), ''].join(
      '\n',
    ),
  );
  for (const r of rows) console.log(r.detail);
  console.log(`\nWritten to ${path.relative(process.cwd(), RESULTS_FILE)}`);
  return rows.every((r) => r.ok) ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
