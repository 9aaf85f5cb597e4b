/**
 * Why the search has a text index of its own (docs/decisions/search-engine.md D68): MiniSearch, the maintained
 * library issue 15 chose, used as well as it can be, against ours, on the part a library would
 * do: the French text index of 100,000 products made by the seed's rules.
 *
 * - MiniSearch 7.2: the index built at publish time (label, title, description; case and accents
 *   folded; no stored fields), serialized with `toJSON` and gzipped; the function unzips it and
 *   `loadJSON`s it, for the one language asked. A search is `search` with every word required,
 *   the last also as a prefix, and the boosts (label 3, title 2, description 1): every match and
 *   its score, which filters and orders need.
 * - Ours (functions/catalogue/domain/search-text-index.ts, text-matching.ts): the packed index,
 *   gzipped; the function unzips and unpacks it. A search is `matchText`: every match and its score.
 *
 * For each: the file's size, the load (unzip and load, in a fresh process), the heap it adds, and
 * p50 / p99 of matching the texts of bench/search-mix.ts, 10 rounds after a warm-up round.
 *
 *   npx tsx bench/search-library.ts    this benchmark alone (npm run bench -- search-library)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { BenchRow } from './bench-row';
import { searchMix } from './search-mix';
import { median, runTsChild } from './support';

const PRODUCTS = 100_000;
const ROUNDS = 10;
const thisFile = fileURLToPath(import.meta.url);
const MB = 2 ** 20;
const LIBRARIES = ['minisearch', 'ours'] as const;
type Library = (typeof LIBRARIES)[number];

const fileOf = (dir: string, library: Library) => path.join(dir, `${library}-fr.gz`);
const texts = [...new Set(searchMix(PRODUCTS).flatMap((r) => (r.text === undefined ? [] : [r.text])))];

const miniSearchOptions = async () => {
  const { fold } = await import('#functions/contracts/search-engine');
  return {
    fields: ['label', 'title', 'description'],
    storeFields: [],
    processTerm: (term: string) => fold(term),
  };
};

const publish = async (dir: string) => {
  const { default: MiniSearch } = await import('minisearch');
  const { seedProducts } = await import('#local/seed/product-seed');
  const { searchDocumentsOf, textsIn, packTextIndex, textIndexOf } = await import(
    '#functions/contracts/search-engine'
  );
  const documents = searchDocumentsOf(seedProducts(PRODUCTS));
  const built: Record<Library, number> = { minisearch: 0, ours: 0 };
  let started = performance.now();
  const mini = new MiniSearch(await miniSearchOptions());
  mini.addAll(documents.map((d) => ({ id: d.id, ...textsIn(d, 'fr') })));
  writeFileSync(fileOf(dir, 'minisearch'), gzipSync(JSON.stringify(mini)));
  built.minisearch = performance.now() - started;
  started = performance.now();
  writeFileSync(fileOf(dir, 'ours'), gzipSync(packTextIndex(textIndexOf(documents, 'fr'))));
  built.ours = performance.now() - started;
  return built;
};

interface Served {
  readonly bytes: number;
  readonly loadMs: number;
  readonly heapMb: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly worst: string;
}

const serve = async (dir: string, library: Library): Promise<Served> => {
  const { default: MiniSearch } = await import('minisearch');
  const { matchText, unpackTextIndex } = await import('#functions/contracts/search-engine');
  const options = await miniSearchOptions();
  const bytes = readFileSync(fileOf(dir, library));
  globalThis.gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  let match: (text: string) => number;
  if (library === 'minisearch') {
    const index = MiniSearch.loadJSON(gunzipSync(bytes).toString('utf8'), options);
    const search = {
      combineWith: 'AND' as const,
      prefix: (term: string, i: number, terms: readonly string[]) =>
        i === terms.length - 1 && term.length >= 3,
      boost: { label: 3, title: 2, description: 1 },
    };
    match = (text) => new Map(index.search(text, search).map((r) => [r.id as number, r.score])).size;
  } else {
    const index = unpackTextIndex(gunzipSync(bytes));
    match = (text) => matchText(index, text).positions.length;
  }
  match(texts[0]!);
  const loadMs = performance.now() - started;
  globalThis.gc?.();
  const heapMb =
    (process.memoryUsage().heapUsed +
      process.memoryUsage().arrayBuffers -
      before.heapUsed -
      before.arrayBuffers) /
    MB;
  const times: number[] = [];
  const worst = new Map<string, { found: number; ms: number }>();
  for (let round = 0; round <= ROUNDS; round++) {
    for (const text of texts) {
      const t = performance.now();
      const found = match(text);
      const took = performance.now() - t;
      if (round === 0) continue;
      times.push(took);
      worst.set(text, { found, ms: Math.max(worst.get(text)?.ms ?? 0, took) });
    }
  }
  times.sort((a, b) => a - b);
  const [text, slowest] = [...worst].sort((a, b) => b[1].ms - a[1].ms)[0]!;
  return {
    bytes: bytes.length,
    loadMs,
    heapMb,
    p50Ms: median(times),
    p99Ms: times[Math.floor(times.length * 0.99)]!,
    worst: `${text} (${slowest.found} matches) ${slowest.ms.toFixed(1)} ms`,
  };
};

export async function benchSearchLibrary(): Promise<(BenchRow & Record<string, unknown>)[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'commerce-api-bench-search-library-'));
  try {
    const built = await runTsChild<Record<Library, number>>(thisFile, ['--publish', dir]);
    const served = {} as Record<Library, Served>;
    for (const library of LIBRARIES) {
      served[library] = await runTsChild<Served>(thisFile, ['--serve', dir, library], process.env, [
        '--expose-gc',
      ]);
    }
    const figures = (library: Library) => {
      const s = served[library];
      return (
        `${(s.bytes / MB).toFixed(1)} MB, load ${(s.loadMs / 1000).toFixed(2)} s, ` +
        `p50 ${s.p50Ms.toFixed(1)} / p99 ${s.p99Ms.toFixed(1)} ms, +${s.heapMb.toFixed(0)} MB`
      );
    };
    const what = `search text index, ${PRODUCTS.toLocaleString('en-US')} products, French: MiniSearch 7.2 prebuilt vs ours`;
    return [
      {
        row: `${what} | MiniSearch ${figures('minisearch')}; ours ${figures('ours')} | reported | —`,
        detail:
          `${what}: built at publish in ${(built.minisearch / 1000).toFixed(1)} s (toJSON, gzip) vs ` +
          `${(built.ours / 1000).toFixed(1)} s; in a fresh process, unzipped and loaded, then ${texts.length} texts × ` +
          `${ROUNDS} rounds, every match and its score; slowest: MiniSearch ${served.minisearch.worst}, ours ${served.ours.worst}`,
        ok: true,
        built,
        ...served,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  if (process.argv[2] === '--publish') {
    console.log(JSON.stringify(await publish(process.argv[3]!)));
  } else if (process.argv[2] === '--serve') {
    console.log(JSON.stringify(await serve(process.argv[3]!, process.argv[4] as Library)));
  } else {
    const rows = await benchSearchLibrary();
    for (const r of rows) console.log(r.row);
    for (const r of rows) console.log(r.detail);
  }
}
