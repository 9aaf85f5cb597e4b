/**
 * The listing benchmark's warm pages (bench/listing-cost.ts): `listProducts` on the snapshot of
 * 100,000 generated products, in a child process that holds nothing else, and the rows that
 * judge its p50 and p99 per page.
 */
import type { BenchRow } from './bench-row';
import { TIMED } from './listing-queries';
import { median, spread } from './support';

const PRODUCTS = 100_000;
const P99_BUDGET_MS = 20;
const PAGE_RATIO_BUDGET = 1.5;
/**
 * Below this a p99 is this machine's pauses, not the page's work (a warm page takes 6–25 µs at
 * p50): page N may also be within it of page 1's.
 */
const PAGE_SLACK_MS = 0.1;
const PASSES = 5;
const ROUNDS = 200;

interface PageTimes {
  readonly page: number;
  readonly returned: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly p99s: readonly number[];
}

export interface Timed {
  readonly label: string;
  readonly matches: number;
  /** The first request of the filter: its block counts made, then the page. */
  readonly firstMs: number;
  readonly pages: readonly PageTimes[];
}

const list = (value: string | undefined) => (value ? value.split(',') : []);

/** Times the pages of each of TIMED's listings (run in the benchmark's child, `--serve`). */
export const timeWarmPages = async (): Promise<Timed[]> => {
  const { seedProducts } = await import('#local/seed/product-seed');
  const { seedReference } = await import('#local/seed/reference-seed');
  const { searchSnapshotOf, unpackSearchColumns, unpackTextIndex, listProducts, Translation } = await import(
    '#functions/contracts/search-engine'
  );
  type ListingRequest = import('#functions/contracts/search-engine').ListingRequest;
  const catalogue = seedProducts(PRODUCTS);
  const snapshot = searchSnapshotOf(catalogue, ['en']);
  const index = {
    columns: unpackSearchColumns(snapshot.documents),
    text: unpackTextIndex(snapshot.texts.get('en')!),
    stock: () => {
      throw new Error('A listing reads no stock');
    },
  };
  const sources = { index: async () => index, store: { getReferenceData: async () => seedReference } };
  const results: Timed[] = [];
  for (const listing of TIMED) {
    const { query } = listing;
    const base = {
      country: query.country,
      productTypes: list(query.productType) as ListingRequest['productTypes'],
      brands: list(query.brand),
      limit: 20,
    };
    const matches = catalogue.filter(
      (p) =>
        (!base.country || p.prices[base.country] !== undefined) &&
        (base.productTypes.length === 0 || base.productTypes.includes(p.type)) &&
        (base.brands.length === 0 || base.brands.includes(p.brand)),
    ).length;
    const last = Math.ceil(matches / base.limit);
    const pages = [...new Set([1, 10, 100, last])].filter((p) => p <= last);
    const request = (page: number): ListingRequest => ({ ...base, page });
    let started = performance.now();
    await listProducts(sources, request(1), new Translation('en'));
    const firstMs = performance.now() - started;
    const returned = new Map<number, number>();
    for (const page of pages)
      returned.set(page, (await listProducts(sources, request(page), new Translation('en'))).length);
    const times = new Map(pages.map((p) => [p, [] as number[]]));
    const passP99s = new Map(pages.map((p) => [p, [] as number[]]));
    for (let pass = 0; pass < PASSES; pass++) {
      const passTimes = new Map(pages.map((p) => [p, [] as number[]]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const page of pages) {
          started = performance.now();
          await listProducts(sources, request(page), new Translation('en'));
          passTimes.get(page)!.push(performance.now() - started);
        }
      }
      for (const [page, took] of passTimes) {
        took.sort((a, b) => a - b);
        passP99s.get(page)!.push(took[Math.floor(took.length * 0.99)]!);
        times.get(page)!.push(...took);
      }
    }
    results.push({
      label: listing.label,
      matches,
      firstMs,
      pages: pages.map((page) => ({
        page,
        returned: returned.get(page)!,
        p50Ms: median(times.get(page)!),
        p99Ms: median(passP99s.get(page)!),
        p99s: passP99s.get(page)!,
      })),
    });
  }
  return results;
};

export const timedRows = (results: readonly Timed[]): (BenchRow & Record<string, unknown>)[] =>
  results.map((r) => {
    const listing = TIMED.find((l) => l.label === r.label)!;
    const first = r.pages[0]!;
    const worstRatio = Math.max(...r.pages.map((p) => p.p99Ms / first.p99Ms));
    const likePageOne = (p: PageTimes) =>
      p.p99Ms <= Math.max(PAGE_RATIO_BUDGET * first.p99Ms, first.p99Ms + PAGE_SLACK_MS);
    const ok = r.pages.every((p) => p.p99Ms <= P99_BUDGET_MS && p.returned > 0 && likePageOne(p));
    const pages = r.pages.map((p) => p.page).join(' / ');
    const what = `listing warm, ${PRODUCTS.toLocaleString('en-US')} products, ${r.label}: page ${pages}, p50 / p99`;
    const figures =
      `${r.pages.map((p) => `${p.p50Ms.toFixed(3)} / ${p.p99Ms.toFixed(3)}`).join('; ')} ms; ` +
      `page N p99 ≤ ${worstRatio.toFixed(1)}× page 1's, ` +
      `+${Math.max(...r.pages.map((p) => p.p99Ms - first.p99Ms)).toFixed(3)} ms at most (today: ${listing.today})`;
    const budget =
      `p99 ≤ ${P99_BUDGET_MS} ms; page N p99 ≤ ${PAGE_RATIO_BUDGET}× page 1's ` +
      `or within ${PAGE_SLACK_MS} ms of it`;
    return {
      row: `${what} | ${figures} | ${budget} | ${ok ? 'ok' : 'over'}`,
      detail:
        `${what}: listProducts on the index of ${PRODUCTS.toLocaleString('en-US')} generated products ` +
        `(${r.matches.toLocaleString('en-US')} match, limit 20); the filter's first request (its block counts made) ` +
        `${r.firstMs.toFixed(1)} ms; then ${PASSES} passes of ${ROUNDS} rounds: ` +
        r.pages
          .map(
            (p) =>
              `page ${p.page} (${p.returned} products): p50 ${p.p50Ms.toFixed(3)} ms, p99 ${p.p99Ms.toFixed(3)} ms ` +
              `(the passes' ${spread(p.p99s, (n) => n.toFixed(3))})`,
          )
          .join('; '),
      ok,
      ...r,
    };
  });
