/**
 * What a catalogue publish costs (issue 24, docs/decisions/catalogue-versions.md D48, D90), through the sandbox's
 * publish workflow with the code `npm run catalogue -- publish` runs, each figure from the
 * sandbox's counts of the items written and deleted (`/_sandbox/stats`, local/dynamodb-item-writes.ts)
 * between the upload and the end of the workflow (the switch, the wait for readers, the previous
 * version's removal), beside today's figure (layout 3, the issue's):
 *
 * - full publishes, where no product or stock level is shared with the active version: the seed's
 *   200 products with every price and quantity raised, then 10,000 generated products
 *   (bench/generated-catalogue.ts) raised again: items written per product (stock levels, reference
 *   data and control items included), write units and write requests per product, time to the
 *   switch; projected to 100,000 products × 6 countries (6 stock levels a product, as generated)
 *   in items and on-demand dollars;
 * - the same 10,000 products republished with 1 % of them repriced: the items it writes as a share
 *   of what the full publish wrote, and the items its removal of the previous version deletes as a
 *   share of a full removal (every item the previous version wrote);
 * - the cost of a listing page (GET /products?limit=20&page=3 through the list-products function
 *   in-process, in a child process that counts its own DynamoDB requests and S3 GETs) before,
 *   while the 10,000-product version is written, and after its switch: equal, since a reader reads
 *   one version whatever is written beside it.
 *
 *   npx tsx bench/catalogue-publish.ts    this benchmark alone (npm run bench runs them all)
 */
import { subscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { routes } from '#functions/routes';
import { projectRoot } from '#lib/project-paths';
import { sandboxTarget } from '#local/catalogue/catalogue-target';
import { publishFile } from '#local/catalogue/publish-file';
import { type ItemCounts, itemsBetween } from '#local/dynamodb-item-writes';
import type { LambdaHandler } from '#local/lambda/import-handler';
import { countDynamoDbRequests, type SandboxStatsDocument, STATS_PATH, writesIn } from '#local/sandbox-stats';
import type { BenchRow } from './bench-row';
import { DOLLARS_PER_MILLION_WRITE_UNITS } from './dynamodb-prices';
import { generated } from './generated-catalogue';
import { catalogueChildEnvironment, count, runTsChild, startBenchSandbox } from './support';

const SEED = 200;
const LARGE = 10_000;
const PROJECTED = 100_000;
/** One product in a hundred repriced: a daily price update. */
const repriced = (id: number) => id % 100 === 0;
const PAGE_QUERY = { limit: '20', page: '3' };
const thisFile = fileURLToPath(import.meta.url);

/** Budgets of issue 24. */
export const ITEMS_PER_PRODUCT_BUDGET = 8;
export const DOLLARS_BUDGET = 1;
export const CHANGE_SHARE_BUDGET = 0.03;

/** Today's figures (layout 3: listing entries and summaries per product; docs/performance.md, the issue). */
const TODAY = {
  seed: { items: 53.5, requests: 2.28, seconds: 3.4 },
  large: { items: 51.1, requests: 2.19, seconds: 131.6 },
  projectedItems: 6.3e6,
  /** 6.3 M writes at $0.625 per million (the issue's $7.88 is at the former $1.25). */
  projectedDollars: 3.94,
} as const;

interface PageCost {
  readonly status: number;
  readonly dynamodb: number;
  readonly s3: number;
  readonly ms: number;
}

/** Child mode: `samples` listing requests `everyMs` apart, each with what it sent. */
const runChild = async (samples: number, everyMs: number): Promise<PageCost[]> => {
  const { importHandler } = await import('#local/lambda/import-handler');
  const route = routes.find((r) => r.name === 'list-products')!;
  const handler = await importHandler<LambdaHandler<APIGatewayProxyEvent>>(route);
  const dynamodb = countDynamoDbRequests(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  // The search snapshot is fetched with `fetch` (undici), which Node's http channel does not see.
  const s3Origin = new URL(process.env.AWS_ENDPOINT_URL_S3!).origin;
  let s3 = 0;
  subscribe('undici:request:create', (message) => {
    if ((message as { request: { origin: string } }).request.origin === s3Origin) s3 += 1;
  });
  const template = JSON.parse(
    readFileSync(path.join(projectRoot, 'events', 'list-products.json'), 'utf8'),
  ) as APIGatewayProxyEvent;
  const event: APIGatewayProxyEvent = {
    ...template,
    queryStringParameters: PAGE_QUERY,
    multiValueQueryStringParameters: Object.fromEntries(Object.entries(PAGE_QUERY).map(([k, v]) => [k, [v]])),
  };
  const context = { functionName: 'commerce-api-bench-list-products', awsRequestId: 'bench' } as Context;
  // Warm: what a function fetches once (the active version, the reference data, a snapshot).
  await handler(event, context);
  const pages: PageCost[] = [];
  for (let i = 0; i < samples; i++) {
    const before = { dynamodb: sum(dynamodb.requests), s3 };
    const started = performance.now();
    const result = (await handler(event, context)) as APIGatewayProxyResult;
    pages.push({
      status: result.statusCode,
      dynamodb: sum(dynamodb.requests) - before.dynamodb,
      s3: s3 - before.s3,
      ms: performance.now() - started,
    });
    await sleep(everyMs);
  }
  return pages;
};

const sum = (requests: Readonly<Record<string, number>>) =>
  Object.values(requests).reduce((a, b) => a + b, 0);

interface Published {
  readonly products: number;
  /** Upload to switch. */
  readonly seconds: number;
  /** Written and deleted from the upload to the end of the workflow (the removal of the previous version). */
  readonly items: ItemCounts & { readonly byKind: Record<string, ItemCounts> };
  /** DynamoDB write requests from the upload to the switch (a batch counts once). */
  readonly writeRequests: number;
  readonly duringReads: readonly PageCost[];
}

/** Items of the version itself: not the control items of the `CATALOGUE` partition. */
const versionItems = (items: Published['items']) => items.written - (items.byKind.CATALOGUE?.written ?? 0);

const kinds = (items: Published['items'], field: 'written' | 'deleted') =>
  Object.entries(items.byKind)
    .filter(([, counts]) => counts[field] > 0)
    .sort((a, b) => b[1][field] - a[1][field])
    .map(([kind, counts]) => `${kind} ${count(counts[field])}`)
    .join(', ');

const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;

export async function benchCataloguePublish(): Promise<BenchRow[]> {
  const sandbox = await startBenchSandbox('catalogue', { LOG_LEVEL: 'WARN' });
  const target = sandboxTarget(sandbox.running);
  try {
    const { running } = sandbox;
    const stats = async () =>
      (await (await fetch(new URL(STATS_PATH, sandbox.url))).json()) as SandboxStatsDocument;
    /** Until the publish workflow has ended: its wait for readers and the previous version's removal. */
    const settled = async () => {
      for (let s = await stats(); s.executions?.running; s = await stats()) await sleep(500);
    };
    const childEnv = catalogueChildEnvironment(running);
    const readPages = (samples: number, everyMs: number) =>
      runTsChild<PageCost[]>(thisFile, ['--child', String(samples), String(everyMs)], childEnv);

    const publish = async (
      products: number,
      text: string,
      during?: () => Promise<PageCost[]>,
    ): Promise<Published> => {
      await settled();
      const before = await stats();
      const [outcome, duringReads] = await Promise.all([
        publishFile(target, 'catalogue', text),
        during ? sleep(500).then(during) : Promise.resolve([]),
      ]);
      if (outcome.status !== 'SUCCEEDED')
        throw new Error(
          `publish of ${products} products: ${outcome.status} ${JSON.stringify(outcome.record)}`,
        );
      await settled();
      const after = await stats();
      return {
        products,
        seconds: outcome.ms / 1000,
        items: itemsBetween(before.dynamodb.items, after.dynamodb.items),
        writeRequests: writesIn(after.dynamodb.requests) - writesIn(before.dynamodb.requests),
        duringReads,
      };
    };

    const seed = await publish(SEED, generated(SEED, { revision: 1 }));
    const beforeReads = await readPages(5, 50);
    const full = await publish(LARGE, generated(LARGE, { revision: 2 }), () => readPages(20, 250));
    // After the readers' cache of the active version (5 s) has expired.
    await sleep(6_000);
    const afterReads = await readPages(5, 50);
    const change = await publish(LARGE, generated(LARGE, { revision: 2, repriced }));

    const rows: BenchRow[] = [];
    for (const [r, today] of [
      [seed, TODAY.seed],
      [full, TODAY.large],
    ] as const) {
      const perProduct = r.items.written / r.products;
      const ok = perProduct <= ITEMS_PER_PRODUCT_BUDGET;
      rows.push({
        row:
          `catalogue publish, full, ${count(r.products)} products, sandbox | ${perProduct.toFixed(2)} items ` +
          `(${(r.items.units / r.products).toFixed(2)} write units), ${(r.writeRequests / r.products).toFixed(2)} write requests per product; ` +
          `${r.seconds.toFixed(1)} s to the switch (today ${today.items} items, ${today.requests} requests, ${today.seconds} s) | ` +
          `≤ ${ITEMS_PER_PRODUCT_BUDGET} items per product | ${ok ? 'ok' : 'over'}`,
        detail:
          `full publish of ${count(r.products)} products (${r.products === SEED ? "the seed's products" : 'generated from the seed, ids 1..N'}, every ` +
          `price and stock quantity changed, so nothing is shared with the active version) through the sandbox's workflow: ` +
          `${r.seconds.toFixed(2)} s to the switch; from the upload to the end of the workflow ${count(r.items.written)} items written ` +
          `(${kinds(r.items, 'written')}), ${count(r.items.units)} write units; ${count(r.writeRequests)} write requests to the switch; ` +
          `the removal of the previous version deleted ${count(r.items.deleted)} items (${kinds(r.items, 'deleted') || 'none'})`,
        ok,
      });
    }
    // 100,000 products in 6 countries: the generated products already have 6 stock levels each.
    const unitsPerProduct = full.items.units / full.products;
    const projectedItems = (PROJECTED * full.items.written) / full.products;
    const dollars = ((PROJECTED * unitsPerProduct) / 1e6) * DOLLARS_PER_MILLION_WRITE_UNITS;
    rows.push({
      row:
        `catalogue publish, 100,000 products × 6 countries, projected | ${(projectedItems / 1e6).toFixed(2)} M items ≈ ` +
        `$${dollars.toFixed(2)} a publish on demand (today ${(TODAY.projectedItems / 1e6).toFixed(1)} M items, ` +
        `$${TODAY.projectedDollars.toFixed(2)}; $7.88 at the former $1.25 per million) | ≤ $${DOLLARS_BUDGET} | ${dollars <= DOLLARS_BUDGET ? 'ok' : 'over'}`,
      detail:
        `projection from the full publish of ${count(full.products)} products (each with 6 stock levels, one a location, as a ` +
        `product sold in 6 countries): ${(full.items.written / full.products).toFixed(2)} items and ${unitsPerProduct.toFixed(2)} write ` +
        `units per product, × ${count(PROJECTED)} = ${count(Math.round(projectedItems))} items, ` +
        `$${dollars.toFixed(2)} at $${DOLLARS_PER_MILLION_WRITE_UNITS} per million on-demand write units (bench/dynamodb-prices.ts); ` +
        `a publish that changes everything removes as many superseded items later, one that changes 1 % about 1 % of them (below)`,
      ok: dollars <= DOLLARS_BUDGET,
    });
    const writtenShare = change.items.written / full.items.written;
    const deletedShare = change.items.deleted / versionItems(full.items);
    const changeOk = writtenShare <= CHANGE_SHARE_BUDGET && deletedShare <= CHANGE_SHARE_BUDGET;
    rows.push({
      row:
        `catalogue publish of ${count(LARGE)} products, 1 % repriced: items written; its removal of the previous version: ` +
        `items deleted | ${share(change.items.written, full.items.written)} of a full publish; ${share(change.items.deleted, versionItems(full.items))} ` +
        `of a full removal (today 100 %, 100 %) | ≤ 3 %, ≤ 3 % | ${changeOk ? 'ok' : 'over'}`,
      detail:
        `the ${count(LARGE)} products of the full publish again, ${LARGE / 100} of them (ids divisible by 100) repriced: ` +
        `${change.seconds.toFixed(2)} s to the switch; ${count(change.items.written)} items written (${kinds(change.items, 'written')}) ` +
        `against ${count(full.items.written)} by the full publish; the workflow's removal of the previous version deleted ` +
        `${count(change.items.deleted)} items (${kinds(change.items, 'deleted') || 'none'}) against the ${count(versionItems(full.items))} ` +
        `items that version wrote (what removing it whole deletes); ${count(change.items.units)} write units; ${count(change.writeRequests)} write requests to the switch`,
      ok: changeOk,
    });

    // A page costs its own requests; a request that finds the cached active version older than 5 s
    // reads it again, and the first request after the switch fetches the new version's snapshot.
    const phases = { before: beforeReads, during: full.duringReads, after: afterReads };
    const failed = Object.values(phases)
      .flat()
      .filter((p) => p.status !== 200);
    const least = (pages: readonly PageCost[], field: 'dynamodb' | 's3') =>
      Math.min(...pages.map((p) => p[field]));
    const page = Object.fromEntries(
      Object.entries(phases).map(([k, pages]) => [
        k,
        { dynamodb: least(pages, 'dynamodb'), s3: least(pages, 's3') },
      ]),
    );
    const equal =
      failed.length === 0 &&
      page.before!.dynamodb === page.during!.dynamodb &&
      page.during!.dynamodb === page.after!.dynamodb &&
      page.before!.s3 === page.during!.s3 &&
      page.during!.s3 === page.after!.s3;
    const list = (pages: readonly PageCost[]) => pages.map((p) => `${p.dynamodb}/${p.s3}`).join(' ');
    const medianMs = (pages: readonly PageCost[]) =>
      [...pages.map((p) => p.ms)].sort((a, b) => a - b)[pages.length >> 1]!.toFixed(1);
    rows.push({
      row:
        `listing page cost before / during / after a publish (DynamoDB requests, S3 GETs) | ` +
        `${Object.values(page)
          .map((p) => `${p.dynamodb}, ${p.s3}`)
          .join(' / ')} (today 20 / 20 / 20 items read) | equal | ${equal ? 'ok' : 'over'}`,
      detail:
        `GET /products?limit=20&page=3 through the list-products function in-process (a child process counting its own requests), ` +
        `DynamoDB requests/S3 GETs of each request: before [${list(beforeReads)}], while the ${count(LARGE)}-product version ` +
        `was written (250 ms apart) [${list(full.duringReads)}], after its switch and the 5 s cache [${list(afterReads)}]; ` +
        `median ${medianMs(beforeReads)} / ${medianMs(full.duringReads)} / ${medianMs(afterReads)} ms; ` +
        `${failed.length} answers other than 200; a request above the least re-read the active version (5 s cache) or fetched a new version's snapshot`,
      ok: equal,
    });
    return rows;
  } finally {
    target.close();
    await sandbox.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  if (process.argv[2] === '--child') {
    console.log(JSON.stringify(await runChild(Number(process.argv[3]), Number(process.argv[4]))));
  } else {
    const rows = await benchCataloguePublish();
    for (const { row, detail } of rows) console.log(`${row}\n  ${detail}`);
    if (rows.some((r) => !r.ok)) process.exitCode = 1;
  }
}
