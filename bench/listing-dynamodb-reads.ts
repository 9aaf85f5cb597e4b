/**
 * The listing benchmark's DynamoDB reads (bench/listing-cost.ts): the list-products handler
 * in-process against a sandbox's dynalite, the items and requests of each page counted, and the
 * rows that judge them.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { projectRoot } from '#lib/project-paths';
import { countDynamoDbRequests } from '#local/sandbox-stats';
import type { BenchRow } from './bench-row';
import { COUNTED } from './listing-queries';

interface PageCost {
  readonly page: number;
  readonly status: number;
  /** Products on the page. */
  readonly returned: number;
  readonly itemsRead: number;
  /** DynamoDB requests the request sent, by operation. */
  readonly requests: Readonly<Record<string, number>>;
}

export interface Counted {
  /** Items the warm-up request read: the active version and the reference data, then kept. */
  readonly warmUpItemsRead: number;
  readonly listings: { label: string; pages: PageCost[] }[];
}

/** Counts the reads of each of COUNTED's pages (run in the benchmark's child, `--count`). */
export const countListingReads = async (): Promise<Counted> => {
  const { listProductsHandler: handler, readMeter } = await import('#functions/contracts/listing-handler');
  const counter = countDynamoDbRequests(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  const template = JSON.parse(
    readFileSync(path.join(projectRoot, 'events', 'list-products.json'), 'utf8'),
  ) as APIGatewayProxyEvent;
  const context = {
    functionName: 'commerce-api-bench-list-products',
    awsRequestId: 'bench-listing',
  } as Context;
  const get = async (query: Record<string, string>, page: number): Promise<PageCost> => {
    const all = { ...query, page: String(page) };
    const event: APIGatewayProxyEvent = {
      ...template,
      queryStringParameters: all,
      multiValueQueryStringParameters: Object.fromEntries(Object.entries(all).map(([k, v]) => [k, [v]])),
    };
    const before = { ...counter.requests };
    const result = (await handler(event, context)) as APIGatewayProxyResult;
    const body = JSON.parse(result.body) as unknown;
    const requests = Object.fromEntries(
      Object.entries(counter.requests)
        .map(([operation, n]) => [operation, n - (before[operation] ?? 0)] as const)
        .filter(([, n]) => n > 0),
    );
    return {
      page,
      status: result.statusCode,
      returned: Array.isArray(body) ? body.length : 0,
      itemsRead: readMeter.items,
      requests,
    };
  };
  const warmUp = await get({ limit: '1' }, 1);
  const listings: Counted['listings'] = [];
  for (const listing of COUNTED) {
    const pages: PageCost[] = [];
    for (const page of listing.pages) pages.push(await get(listing.query, page));
    listings.push({ label: listing.label, pages });
  }
  return { warmUpItemsRead: warmUp.itemsRead, listings };
};

export const countedRows = (result: Counted): (BenchRow & Record<string, unknown>)[] =>
  result.listings.map(({ label, pages }) => {
    const listing = COUNTED.find((l) => l.label === label)!;
    const broken = pages.filter((p) => p.status !== 200 || p.returned === 0);
    if (broken.length > 0) {
      throw new Error(
        `Listing ${label}: page ${broken[0]!.page} answered ${broken[0]!.status}, empty or not`,
      );
    }
    // The only item a warm listing may read: the active version, when its 5 s cache expires.
    const refreshOnly = (p: PageCost) =>
      Object.keys(p.requests).every((operation) => operation === 'GetItem') &&
      (p.requests.GetItem ?? 0) <= 1 &&
      p.itemsRead === (p.requests.GetItem ?? 0);
    const ok = pages.every(refreshOnly);
    const requests = (p: PageCost) => Object.values(p.requests).reduce((a, b) => a + b, 0);
    const what = `list page ${listing.pages.join(' / ')}, DynamoDB reads (${label}), sandbox`;
    const figures =
      `${pages.map((p) => p.itemsRead).join(' / ')} items, ${pages.map(requests).join(' / ')} requests ` +
      `(today: ${listing.today})`;
    return {
      row: `${what} | ${figures} | 0 items but the active version's refresh | ${ok ? 'ok' : 'over'}`,
      detail:
        `${what}: GET /products?${new URLSearchParams(listing.query)}&page=N through the list-products handler ` +
        `in-process against the sandbox's dynalite and s3rver, readMeter and the DynamoDB requests after each, ` +
        `after a warm-up request (which read ${result.warmUpItemsRead} items: the active version and the reference data, ` +
        `then kept, and fetched the snapshot's columns and English labels); ` +
        pages
          .map(
            (p) =>
              `page ${p.page}: ${p.returned} products, ${p.itemsRead} items read, ` +
              `${JSON.stringify(p.requests)} DynamoDB requests`,
          )
          .join('; '),
      ok,
      pages,
    };
  });
