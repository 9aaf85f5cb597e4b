/**
 * Listing cost (docs/performance.md "Budgets"): items read from DynamoDB, and DynamoDB requests sent, by
 * pages of a listing. The real list-products handler, in-process, against the dynalite of a
 * sandbox started for this benchmark (the seed: products 1–200, 120 of them books under 4
 * publishers, 80 computers under 4 makers): after each request, `readMeter`
 * (functions/commons/read-meter.ts, which the middleware resets per request) says how many items
 * it read, and a counter on Node's HTTP client channel (local/sandbox-stats.ts) how many requests
 * it sent to DynamoDB.
 *
 * - One partition, `GET /products?limit=2&page=N` (page 100 holds products 199 and 200): every
 *   page reads what page 1 reads (budget "equal"), a position range of `limit` items.
 * - Several partitions, `GET /products?brand=<the 4 book publishers>&limit=1&page=N` (page 100
 *   is the 100th of 120 books): every page within the bound the design promises, computed from
 *   the request by bench/listing-bound.ts, P + limit + 2 × (B − 1) items and 1 + P requests for
 *   P partitions and blocks of B products, printed beside the figures.
 * - Fan-out (issue 14 §1, docs/decisions/catalogue-versions.md D67): the widest listing the API accepts,
 *   `brand=<all 8 brands>&productType=book,computer&limit=100`, pages 1 and 2 (the whole seed):
 *   within the same bound, and at most 10 requests (the budget: the bound's 9, plus the active
 *   version's read when its 5 s cache expires).
 *
 * It runs in a child process with the environment the sandbox gives its functions
 * (local/function-env.ts), so the handler's SDK client points at that dynalite and nothing of it
 * stays in the bench process. Items read are counted, not timed: one request per page is exact.
 * A warm-up request comes first, as in a warm container: the first request of a process also
 * reads the catalogue's reference data (one item), which it then caches for a while.
 *
 *   npx tsx bench/listing-cost.ts    this benchmark alone (npm run bench runs them all)
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { projectRoot } from '#lib/project-paths';
import { functionEnvironment } from '#local/function-env';
import { countDynamoDbRequests } from '#local/sandbox-stats';
import { BOOK_BRANDS, COMPUTER_BRANDS, PRODUCT_COUNT } from '#local/seed/product-seed';
import type { BenchRow } from './bench-row';
import { listingBound, listingOfQuery } from './listing-bound';
import { runTsChild, startBenchSandbox } from './support';

interface Listing {
  readonly label: string;
  readonly query: Readonly<Record<string, string>>;
  readonly pages: readonly number[];
  /** `equal`: every page reads what page 1 reads; `bound`: every page within listingBound's; `fan-out`: that and ≤ 10 requests. */
  readonly budget: 'equal' | 'bound' | 'fan-out';
}

/** Issue 14 §1's target for the worst accepted listing request. */
const FAN_OUT_REQUESTS = 10;

const ALL_BRANDS = [...BOOK_BRANDS, ...COMPUTER_BRANDS];
const LISTINGS: readonly Listing[] = [
  { label: 'one partition, limit=2', query: { limit: '2' }, pages: [1, 10, 100], budget: 'equal' },
  {
    label: `${BOOK_BRANDS.length} brand partitions (brand=<the book publishers>), limit=1`,
    query: { brand: BOOK_BRANDS.join(','), limit: '1' },
    pages: [1, 10, 100],
    budget: 'bound',
  },
  {
    label: `the widest accepted: ${ALL_BRANDS.length} brand partitions of every type, limit=100`,
    query: { brand: ALL_BRANDS.join(','), productType: 'book,computer', limit: '100' },
    pages: [1, 2],
    budget: 'fan-out',
  },
];

interface PageCost {
  readonly page: number;
  readonly status: number;
  /** Products on the page. */
  readonly returned: number;
  readonly itemsRead: number;
  /** DynamoDB requests the request sent. */
  readonly requests: number;
}

interface ChildResult {
  /** Items the warm-up request read: the page's, plus the reference data it then caches. */
  readonly warmUpItemsRead: number;
  readonly listings: { label: string; pages: PageCost[] }[];
}

const thisFile = fileURLToPath(import.meta.url);

const runChild = async (): Promise<ChildResult> => {
  const { listProductsHandler: handler, readMeter } = await import('#functions/contracts/listing-handler');
  const counter = countDynamoDbRequests(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  const sent = () => Object.values(counter.requests).reduce((a, b) => a + b, 0);
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
    const before = sent();
    const result = (await handler(event, context)) as APIGatewayProxyResult;
    const body = JSON.parse(result.body) as unknown;
    return {
      page,
      status: result.statusCode,
      returned: Array.isArray(body) ? body.length : 0,
      itemsRead: readMeter.items,
      requests: sent() - before,
    };
  };
  // A warm container: the first request also reads the catalogue's reference data, then cached.
  const warmUp = await list({ limit: '1' }, 1);
  const listings: ChildResult['listings'] = [];
  for (const listing of LISTINGS) {
    const pages: PageCost[] = [];
    for (const page of listing.pages) pages.push(await list(listing.query, page));
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
    const bound = listingBound(listingOfQuery(listing.query), PRODUCT_COUNT);
    const first = pages[0]!;
    const within = pages.every((p) => p.itemsRead <= bound.items && p.requests <= bound.requests);
    const ok =
      listing.budget === 'equal'
        ? pages.every((p) => p.itemsRead === first.itemsRead && p.requests === first.requests)
        : listing.budget === 'bound'
          ? within
          : within && pages.every((p) => p.requests <= FAN_OUT_REQUESTS);
    const figures = `${pages.map((p) => p.itemsRead).join(' / ')} items, ${pages.map((p) => p.requests).join(' / ')} requests`;
    const what = `list page ${listing.pages.join(' / ')}, cost (${label})`;
    const budget =
      listing.budget === 'equal'
        ? 'equal'
        : listing.budget === 'bound'
          ? `≤ ${bound.items} items, ≤ ${bound.requests} requests a page`
          : `≤ ${bound.items} items, ≤ ${FAN_OUT_REQUESTS} requests a page`;
    return {
      row: `${what} | ${figures} | ${budget} | ${ok ? 'ok' : 'over'}`,
      detail:
        `${what}: GET /products?${new URLSearchParams(listing.query)}&page=N ` +
        `through the list-products handler in-process against the sandbox's dynalite, readMeter and the DynamoDB requests after each, ` +
        `after a warm-up request (which read ${result.warmUpItemsRead} items with the reference data it caches); ` +
        pages
          .map(
            (p) =>
              `page ${p.page}: ${p.returned} products, ${p.itemsRead} items read, ${p.requests} requests`,
          )
          .join('; ') +
        `; the design's bound for this request (docs/decisions/http-requests.md D7, D67), ${bound.partitions} partition` +
        `${bound.partitions === 1 ? '' : 's'}, ${PRODUCT_COUNT} products: ${bound.formula} items, ${bound.requests} requests per page`,
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
