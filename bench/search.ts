/**
 * Search in memory (issue 15, docs/design.md D81, §5): over 10,000 and 100,000 products made by
 * the seed's own rules (local/seed/product-seed.ts), each size in a child process of its own:
 *
 * - the snapshot the publish writes (bytes), and its load as a search function does it: parse the
 *   JSON, then build the MiniSearch index of one language (the first text search in it);
 * - p50 and p99 of `searchPage` (the route's work after the index is loaded) over a mix of
 *   criteria: words in French (rare and common ones), a country's price range, RAM ≥ 16, a stock
 *   location, each sort; 20 rounds of the mix after one warm-up round;
 * - the process's heap and RSS after loading, against before (the function's memory).
 *
 *   npx tsx bench/search.ts    this benchmark alone (npm run bench runs them all)
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './bench-row';
import { median, runTsChild } from './support';

const SIZES = [10_000, 100_000] as const;
const P99_BUDGET_MS = 20;
const LOAD_BUDGET_MS = 1_000;
const thisFile = fileURLToPath(import.meta.url);

interface SizeResult {
  readonly products: number;
  readonly snapshotBytes: number;
  readonly loadMs: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly heapMb: number;
  readonly rssMb: number;
}

const runChild = async (products: number): Promise<SizeResult> => {
  const { seedProducts } = await import('../local/seed/product-seed');
  const { seedStocks } = await import('../local/seed/product-seed');
  const { searchSnapshotOf, stockSnapshotOf } = await import('../functions/catalogue/domain/search-document');
  const { miniSearchMatcher } = await import('../functions/catalogue/adapters/minisearch-text-matcher');
  const { searchPage } = await import('../functions/catalogue/domain/product-search');
  const catalogue = seedProducts(products);
  const json = JSON.stringify(searchSnapshotOf(catalogue));
  const stock = stockSnapshotOf(seedStocks(catalogue));
  globalThis.gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  const { documents } = JSON.parse(json) as ReturnType<typeof searchSnapshotOf>;
  const text = miniSearchMatcher(documents);
  text.match('fr', 'jardin');
  const loadMs = performance.now() - started;
  const index = { documents, stock, text };
  const pricing = { currency: 'EUR', rates: { base: 'EUR', rates: { GBP: 0.85, USD: 1.08 } } };
  const base = { productTypes: [], brands: [], page: 1, limit: 20, sort: 'id' } as const;
  const mix = [
    { ...base, text: 'jardin' },
    { ...base, text: 'riviere hiver', sort: 'relevance' },
    { ...base, text: 'ecran', page: 3 },
    { ...base, text: 'ordinateur portable', sort: '-price', country: 'FR' },
    { ...base, country: 'FR', price: { min: 10, max: 20 } },
    { ...base, computer: { ramGb: { min: 16 } }, sort: 'price' },
    { ...base, inStockAt: 'paris-1', page: 50 },
    { ...base, productTypes: ['book'], sort: '-price' },
    { ...base, brands: ['Voltix', 'Nimbus'], page: 10 },
    { ...base, text: 'voltix' },
  ] as const;
  const times: number[] = [];
  for (let round = 0; round < 21; round++) {
    for (const request of mix) {
      const t = performance.now();
      searchPage(index, request as never, 'fr', pricing);
      if (round > 0) times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  globalThis.gc?.();
  const after = process.memoryUsage();
  return {
    products,
    snapshotBytes: Buffer.byteLength(json),
    loadMs,
    p50Ms: median(times),
    p99Ms: times[Math.floor(times.length * 0.99)]!,
    heapMb: (after.heapUsed - before.heapUsed) / 2 ** 20,
    rssMb: after.rss / 2 ** 20,
  };
};

export async function benchSearch(): Promise<(BenchRow & Record<string, unknown>)[]> {
  const results: SizeResult[] = [];
  for (const size of SIZES) {
    results.push(await runTsChild<SizeResult>(thisFile, ['--child', String(size)], process.env));
  }
  const largest = results.at(-1)!;
  return results.map((r) => {
    const atBudget = r.products === largest.products;
    const ok = !atBudget || (r.p99Ms <= P99_BUDGET_MS && r.loadMs <= LOAD_BUDGET_MS);
    const what = `search in memory, ${r.products.toLocaleString('en-US')} products: p50 / p99; snapshot; load; memory`;
    const figures =
      `${r.p50Ms.toFixed(1)} / ${r.p99Ms.toFixed(1)} ms; ${(r.snapshotBytes / 2 ** 20).toFixed(1)} MB; ` +
      `${(r.loadMs / 1000).toFixed(2)} s; heap +${r.heapMb.toFixed(0)} MB, RSS ${r.rssMb.toFixed(0)} MB`;
    const budget = atBudget ? `p99 ≤ ${P99_BUDGET_MS} ms, load ≤ 1 s` : 'reported';
    return {
      row: `${what} | ${figures} | ${budget} | ${ok ? 'ok' : 'over'}`,
      detail:
        `${what}: products made by the seed's rules, the snapshot as the publish writes it, loaded as a search function ` +
        `does (JSON parse, the French MiniSearch index), then searchPage over a mix of 10 criteria objects, 20 rounds after ` +
        `a warm-up; memory is the heap after loading against before, and the child process's RSS`,
      ok,
      ...r,
    };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  if (process.argv[2] === '--child') {
    console.log(JSON.stringify(await runChild(Number(process.argv[3]))));
  } else {
    const rows = await benchSearch();
    for (const r of rows) console.log(r.row);
    for (const r of rows) console.log(r.detail);
    if (rows.some((r) => !r.ok)) process.exitCode = 1;
  }
}
