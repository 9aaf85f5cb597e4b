/**
 * Where one function stops (issue 24, docs/decisions/search-engine.md D92): the catalogue size at
 * which a cold listing or a cold search passes one second. For 100,000, 200,000, 400,000 and
 * 800,000 products made by the seed's rules (as far as this machine's memory allows: a size whose
 * snapshot cannot be made is the end), the snapshot as the publish writes it (bench/search.ts's
 * publish child), then fresh processes that each do what a cold function does with it:
 *
 * - a listing (`GET /products`, a search sorted by id without text, docs/decisions/search-engine.md D91) fetches
 *   the columns and the language's text index (for the labels), unzips and unpacks them, answers page 1;
 * - a search that asks for `in_stock` fetches the stock snapshot as well (one that does not fetches
 *   what a listing does); its first answer here is the text search `jardin` (bench/search-mix.ts).
 *
 * The bytes are read from disk; their fetch from S3 is counted at the 50–100 MB/s a function reads
 * S3 at (as bench/search.ts does): cold = bytes ÷ bandwidth + load (unzip, unpack, first answer),
 * the median of 3 processes. The size where it passes 1 s is interpolated between the two sizes
 * around it (extrapolated from the last two when 800,000 is still under). The function's own start
 * (Node.js and its code, about 100–120 ms, `npm run bench -- cold-start`) comes on top.
 *
 *   npx tsx bench/search-size.ts    this benchmark alone (npm run bench -- search-size)
 *   BENCH_SEARCH_SIZES=10000,20000 npx tsx bench/search-size.ts    other sizes
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEARCH_MEMORY_MB } from '#lib/search-functions';
import type { BenchRow } from './bench-row';
import { loadSnapshot, type Published, SEARCH_BENCH_FILE, snapshotFiles } from './search';
import { searchMix } from './search-mix';
import { count, median, runTsChild } from './support';

const SIZES = [100_000, 200_000, 400_000, 800_000];
/** Other sizes, comma-separated (a quick look: `BENCH_SEARCH_SIZES=10000,20000`). */
export const SIZES_ENV = 'BENCH_SEARCH_SIZES';
const COLD_BUDGET_MS = 1_000;
/** What a Lambda function reads from S3 at, MB/s (the low and high ends). */
const S3_MB_S = [50, 100] as const;
const RUNS = 3;
/** Heap for the publish child, which holds the whole catalogue as objects (24 GB on this machine). */
const PUBLISH_HEAP_MB = 12_000;
const TODAY = '330,000–430,000, extrapolated from 100,000 in D68';
const thisFile = fileURLToPath(import.meta.url);
const MB = 2 ** 20;

type Kind = 'listing' | 'search';

interface Cold {
  readonly bytes: number;
  readonly loadMs: number;
  readonly rssMb: number;
}

/** Child mode: one cold listing or search over the snapshot in `dir`. */
const cold = async (dir: string, kind: Kind): Promise<Cold> => {
  const engine = await import('#functions/contracts/search-engine');
  const files = snapshotFiles(dir);
  const bytes = {
    documents: readFileSync(files.documents),
    text: readFileSync(files.text('fr')),
    ...(kind === 'search' ? { stock: readFileSync(files.stock) } : {}),
  };
  const started = performance.now();
  const { count: products, sources } = await loadSnapshot(engine, bytes);
  const request =
    kind === 'search'
      ? searchMix(products)[0]!
      : { productTypes: [], brands: [], page: 1, limit: 20, sort: 'id' as const };
  await engine.searchProducts(sources, request, new engine.Translation('fr'));
  return {
    bytes: Object.values(bytes).reduce((n, b) => n + b.length, 0),
    loadMs: performance.now() - started,
    rssMb: process.memoryUsage().rss / MB,
  };
};

interface SizeResult {
  readonly products: number;
  readonly publishMs: number;
  readonly kinds: Record<Kind, { readonly bytes: number; readonly loadMs: number; readonly rssMb: number }>;
}

const coldMs = (r: SizeResult, kind: Kind, mbPerSecond: number) =>
  (r.kinds[kind].bytes / MB / mbPerSecond) * 1000 + r.kinds[kind].loadMs;

/** The size where cold time reaches the budget: interpolated, or extrapolated from the last two sizes. */
export const sizeAtBudget = (
  points: readonly { readonly x: number; readonly y: number }[],
  budget: number,
) => {
  const crossing = points.findIndex((p) => p.y >= budget);
  if (crossing === 0) return { size: points[0]!.x, how: 'already at the smallest size' };
  const [a, b] = crossing > 0 ? [points[crossing - 1]!, points[crossing]!] : points.slice(-2);
  const size = a!.x + ((budget - a!.y) * (b!.x - a!.x)) / (b!.y - a!.y);
  return { size, how: crossing > 0 ? 'interpolated' : 'extrapolated' };
};

const round = (n: number) => Math.round(n / 10_000) * 10_000;

export async function benchSearchSize(): Promise<(BenchRow & Record<string, unknown>)[]> {
  const results: SizeResult[] = [];
  let stopped = '';
  const sizes = process.env[SIZES_ENV]?.split(',').map(Number) ?? SIZES;
  for (const products of sizes) {
    const dir = mkdtempSync(path.join(tmpdir(), 'commerce-api-bench-search-size-'));
    try {
      let published: Published;
      try {
        published = await runTsChild<Published>(
          SEARCH_BENCH_FILE,
          ['--publish', String(products), dir],
          process.env,
          [`--max-old-space-size=${PUBLISH_HEAP_MB}`],
        );
      } catch (error) {
        stopped = `${count(products)} products: the snapshot could not be made (${(error as Error).message})`;
        break;
      }
      const kinds = {} as SizeResult['kinds'];
      for (const kind of ['listing', 'search'] as const) {
        const runs: Cold[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await runTsChild<Cold>(thisFile, ['--cold', dir, kind]));
        kinds[kind] = {
          bytes: runs[0]!.bytes,
          loadMs: median(runs.map((r) => r.loadMs)),
          rssMb: Math.max(...runs.map((r) => r.rssMb)),
        };
      }
      results.push({ products, publishMs: published.publishMs, kinds });
      console.error(
        `  ${count(products)}: listing ${(kinds.listing.bytes / MB).toFixed(1)} MB, load ${kinds.listing.loadMs.toFixed(0)} ms; ` +
          `search ${(kinds.search.bytes / MB).toFixed(1)} MB, load ${kinds.search.loadMs.toFixed(0)} ms`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (results.length < 2) throw new Error(`too few sizes measured to place one second: ${stopped}`);
  const rows = (['listing', 'search'] as const).map((kind) => {
    const at = S3_MB_S.map((rate) =>
      sizeAtBudget(
        results.map((r) => ({ x: r.products, y: coldMs(r, kind, rate) })),
        COLD_BUDGET_MS,
      ),
    );
    const [slow, fast] = at;
    const figures = results
      .map(
        (r) =>
          `${count(r.products / 1000)}k ${S3_MB_S.map((rate) => (coldMs(r, kind, rate) / 1000).toFixed(2))
            .reverse()
            .join('–')} s`,
      )
      .join(', ');
    const largest = results.at(-1)!;
    return {
      row:
        `catalogue size where a cold ${kind === 'search' ? 'search with in_stock' : kind} passes 1 s (fetch at 50–100 MB/s + load) | ${count(round(slow!.size))}–` +
        `${count(round(fast!.size))} products (${slow!.how}; ${figures}) (today ${TODAY}) | reported | ok`,
      detail:
        `cold ${kind}: ` +
        results
          .map(
            (r) =>
              `${count(r.products)} products: fetches ${(r.kinds[kind].bytes / MB).toFixed(1)} MB, unzips, unpacks and answers in ` +
              `${r.kinds[kind].loadMs.toFixed(0)} ms (median of ${RUNS} processes), RSS ${r.kinds[kind].rssMb.toFixed(0)} MB`,
          )
          .join('; ') +
        `; at ${count(largest.products)} the process holds ${largest.kinds[kind].rssMb.toFixed(0)} MB of the function's ${count(SEARCH_MEMORY_MB)} MB` +
        `${stopped ? `; stopped at ${stopped}` : ''}; the function's own start (about 0.1 s) comes on top`,
      ok: true,
      results,
      sizeAtBudget: at,
    };
  });
  return rows;
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  if (process.argv[2] === '--cold') {
    console.log(JSON.stringify(await cold(process.argv[3]!, process.argv[4] as Kind)));
  } else {
    const rows = await benchSearchSize();
    for (const r of rows) console.log(r.row);
    for (const r of rows) console.log(r.detail);
  }
}
