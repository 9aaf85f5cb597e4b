/**
 * Listing cost (docs/design.md §5): items read from DynamoDB by pages 1, 10 and 100. The real
 * list-products handler, in-process, against the dynalite of a sandbox started for this
 * benchmark (the seed: products 1–200, 120 of them books under 4 publishers): after each request,
 * `readMeter` (functions/commons/read-meter.ts, which the middleware resets per request) says how
 * many items it read.
 *
 * - One partition, `GET /products?limit=2&page=N` (page 100 holds products 199 and 200): every
 *   page reads what page 1 reads (budget "equal"), a position range of `limit` items.
 * - Several partitions, `GET /products?brand=<the 4 book publishers>&limit=1&page=N` (page 100
 *   is the 100th of 120 books): every page reads at most the bound the design promises,
 *   computed from the request by bench/listing-bound.ts, P × (1 + ⌈log₂ highest id⌉ + limit)
 *   for P partitions, printed beside the figures. Pages need not read the same: how many
 *   binary-search probes land below every partition's first product depends on the page.
 *
 * It runs in a child process with the environment the sandbox gives its functions
 * (local/function-env.ts), so the handler's SDK client points at that dynalite and nothing of it
 * stays in the bench process. Items read are counted, not timed: one request per page is exact.
 * A warm-up request comes first, as in a warm container: the first request of a process also
 * reads the catalogue's reference data (one item), which it then caches for a while.
 *
 *   npx tsx bench/listing.ts    this benchmark alone (npm run bench runs them all)
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { projectRoot } from '../lib/project-paths';
import { functionEnvironment } from '../local/function-env';
import { BOOK_BRANDS, PRODUCT_COUNT } from '../local/seed/product-seed';
import type { BenchRow } from './bench-row';
import { listingBound, listingOfQuery } from './listing-bound';
import { runTsChild, startBenchSandbox } from './support';

export const PAGES = [1, 10, 100] as const;

interface Listing {
  readonly label: string;
  readonly query: Readonly<Record<string, string>>;
  /** `equal`: every page reads what page 1 reads; `bound`: every page within listingBound's items. */
  readonly budget: 'equal' | 'bound';
}

const LISTINGS: readonly Listing[] = [
  { label: 'one partition, limit=2', query: { limit: '2' }, budget: 'equal' },
  {
    label: `${BOOK_BRANDS.length} brand partitions (brand=<the book publishers>), limit=1`,
    query: { brand: BOOK_BRANDS.join(','), limit: '1' },
    budget: 'bound',
  },
];

interface PageCost {
  readonly page: number;
  readonly status: number;
  /** Products on the page. */
  readonly returned: number;
  readonly itemsRead: number;
}

interface ChildResult {
  /** Items the warm-up request read: the page's, plus the reference data it then caches. */
  readonly warmUpItemsRead: number;
  readonly listings: { label: string; pages: PageCost[] }[];
}

const thisFile = fileURLToPath(import.meta.url);

const runChild = async (): Promise<ChildResult> => {
  const { handler } = await import('../functions/catalogue/handlers/list-products');
  const { readMeter } = await import('../functions/commons/read-meter');
  const template = JSON.parse(
    readFileSync(path.join(projectRoot, 'events', 'list-products.json'), 'utf8'),
  ) as APIGatewayProxyEvent;
  const context = {
    functionName: 'commerce-api-bench-list-products',
    awsRequestId: 'bench-listing',
  } as Context;
  const list = async (query: Record<string, string>, page: number): Promise<PageCost> => {
    const all = { ...query, page: String(page) };
    const event: APIGatewayProxyEvent = {
      ...template,
      queryStringParameters: all,
      multiValueQueryStringParameters: Object.fromEntries(Object.entries(all).map(([k, v]) => [k, [v]])),
    };
    const result = (await handler(event, context)) as APIGatewayProxyResult;
    const body = JSON.parse(result.body) as unknown;
    return {
      page,
      status: result.statusCode,
      returned: Array.isArray(body) ? body.length : 0,
      itemsRead: readMeter.items,
    };
  };
  // A warm container: the first request also reads the catalogue's reference data, then cached.
  const warmUp = await list({ limit: '1' }, 1);
  const listings: ChildResult['listings'] = [];
  for (const listing of LISTINGS) {
    const pages: PageCost[] = [];
    for (const page of PAGES) pages.push(await list(listing.query, page));
    listings.push({ label: listing.label, pages });
  }
  return { warmUpItemsRead: warmUp.itemsRead, listings };
};

export async function benchListing(): Promise<(BenchRow & Record<string, unknown>)[]> {
  const sandbox = await startBenchSandbox('listing');
  let result: ChildResult;
  try {
    const { running } = sandbox;
    // As applyFunctionEnvironment does: the shell's session or profile would only be sent to dynalite.
    const { AWS_SESSION_TOKEN: _token, AWS_PROFILE: _profile, ...env } = process.env;
    result = await runTsChild<ChildResult>(thisFile, ['--child'], {
      ...env,
      ...functionEnvironment(
        { dynamoDbEndpoint: running.dynamodbEndpoint, tableName: running.tableName },
        { LOG_LEVEL: 'WARN' },
      ),
      POWERTOOLS_SERVICE_NAME: 'commerce-api',
    });
  } finally {
    await sandbox.stop();
  }
  return result.listings.map(({ label, pages }) => {
    const listing = LISTINGS.find((l) => l.label === label)!;
    const broken = pages.filter((p) => p.status !== 200 || p.returned === 0);
    if (broken.length > 0) {
      throw new Error(
        `Listing ${label}: page ${broken[0]!.page} answered ${broken[0]!.status}, empty or not`,
      );
    }
    // The seed's product ids are 1..PRODUCT_COUNT: the binary search's range.
    const bound = listingBound(listingOfQuery(listing.query), PRODUCT_COUNT);
    const first = pages[0]!.itemsRead;
    const ok =
      listing.budget === 'equal'
        ? pages.every((p) => p.itemsRead === first)
        : pages.every((p) => p.itemsRead <= bound.items);
    const figures = pages.map((p) => `${p.itemsRead}`).join(' / ');
    const what = `list page 1 / 10 / 100, items read (${label})`;
    const budget = listing.budget === 'equal' ? 'equal' : `≤ ${bound.items} per page`;
    return {
      row: `${what} | ${figures} | ${budget} | ${ok ? 'ok' : 'over'}`,
      detail:
        `${what}: GET /products?${new URLSearchParams(listing.query)}&page=N ` +
        `through the list-products handler in-process against the sandbox's dynalite, readMeter after each, ` +
        `after a warm-up request (which read ${result.warmUpItemsRead} items with the reference data it caches); ` +
        pages.map((p) => `page ${p.page}: ${p.returned} products, ${p.itemsRead} items read`).join('; ') +
        `; the design's bound for this request (docs/design.md D7), ${bound.partitions} partition` +
        `${bound.partitions === 1 ? '' : 's'}, ids 1–${PRODUCT_COUNT}: ${bound.formula} items per page`,
      ok,
      bound,
      pages,
    };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  if (process.argv[2] === '--child') {
    console.log(JSON.stringify(await runChild()));
  } else {
    const rows = await benchListing();
    for (const r of rows) console.log(r.row);
    for (const r of rows) console.log(r.detail);
    if (rows.some((r) => !r.ok)) process.exitCode = 1;
  }
}
