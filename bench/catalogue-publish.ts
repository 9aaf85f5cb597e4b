/**
 * Catalogue publishing (issue 12, docs/decisions/catalogue-versions.md D48) through the sandbox's publish workflow,
 * with the code `npm run catalogue -- publish` runs:
 *
 * - the seed (200 products) and a generated catalogue of 10,000 products (the seed's products
 *   repeated under new ids, each with its stock levels): time from upload to the switch, table
 *   items written per product (the plan's count) and DynamoDB write requests per product (the
 *   sandbox's counters: BatchWriteItem counts once per 25 items), and the projection of items,
 *   write units and on-demand cost for 100,000 products sold in 6 countries;
 * - the read cost of a listing page (GET /products?limit=20&page=3, the list-products handler
 *   in-process, `readMeter`) before, while the 10,000-product version is being written, and
 *   after the switch: equal, since a reader reads one version's partitions whatever is written
 *   beside them.
 *
 *   npx tsx bench/catalogue-publish.ts    this benchmark alone (npm run bench runs them all)
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { catalogueLines, parseCatalogue } from '#functions/contracts/catalogue-file-format';
import { partitionsOf } from '#functions/contracts/listing-partitions';
import { projectRoot } from '#lib/project-paths';
import { sandboxTarget } from '#local/catalogue/catalogue-target';
import { publishFile } from '#local/catalogue/publish-file';
import { functionEnvironment } from '#local/function-env';
import { type SandboxStatsDocument, STATS_PATH, writesIn } from '#local/sandbox-stats';
import { seedCatalogueText } from '#local/seed/catalogue-file-seed';
import type { BenchRow } from './bench-row';
import { DOLLARS_PER_MILLION_WRITE_UNITS } from './dynamodb-prices';
import { runTsChild, startBenchSandbox } from './support';

const LARGE = 10_000;
const PAGE_QUERY = { limit: '20', page: '3' };
const thisFile = fileURLToPath(import.meta.url);

const seedCatalogue = () => {
  const parsed = parseCatalogue(seedCatalogueText());
  if (!parsed.ok) throw new Error('the seed catalogue does not parse');
  return parsed.catalogue;
};

/** The seed's products repeated under ids 1..count, each with the stock levels of its model. */
export const generated = (count: number): string => {
  const seed = seedCatalogue();
  const products = Array.from({ length: count }, (_, i) => ({
    ...seed.products[i % seed.products.length]!,
    id: i + 1,
  }));
  const stocks = products.flatMap((p, i) =>
    seed.stocks
      .filter((s) => s.productId === seed.products[i % seed.products.length]!.id)
      .map((s) => ({ ...s, productId: p.id })),
  );
  return `${catalogueLines({ ...seed, products, stocks }).join('\n')}\n`;
};

/** Child mode: the items each of `samples` listing requests reads, `everyMs` apart. */
const runChild = async (samples: number, everyMs: number): Promise<number[]> => {
  const { listProductsHandler: handler, readMeter } = await import('#functions/contracts/listing-handler');
  const template = JSON.parse(
    readFileSync(path.join(projectRoot, 'events', 'list-products.json'), 'utf8'),
  ) as APIGatewayProxyEvent;
  const event: APIGatewayProxyEvent = {
    ...template,
    queryStringParameters: PAGE_QUERY,
    multiValueQueryStringParameters: Object.fromEntries(Object.entries(PAGE_QUERY).map(([k, v]) => [k, [v]])),
  };
  const context = { functionName: 'commerce-api-bench-list-products', awsRequestId: 'bench' } as Context;
  // Warm: the active version and the reference data are read once, then cached.
  await handler(event, context);
  const reads: number[] = [];
  for (let i = 0; i < samples; i++) {
    const result = (await handler(event, context)) as APIGatewayProxyResult;
    if (result.statusCode !== 200) throw new Error(`the listing answered ${result.statusCode}`);
    reads.push(readMeter.items);
    await sleep(everyMs);
  }
  return reads;
};

export async function benchCataloguePublish(): Promise<BenchRow[]> {
  const sandbox = await startBenchSandbox('catalogue');
  const target = sandboxTarget(sandbox.running);
  try {
    const stats = async () =>
      (await (await fetch(new URL(STATS_PATH, sandbox.url))).json()) as SandboxStatsDocument;
    const { AWS_SESSION_TOKEN: _t, AWS_PROFILE: _p, ...env } = process.env;
    const childEnv = {
      ...env,
      ...functionEnvironment(
        { dynamoDbEndpoint: sandbox.running.dynamodbEndpoint, tableName: sandbox.running.tableName },
        { LOG_LEVEL: 'WARN' },
      ),
      POWERTOOLS_SERVICE_NAME: 'commerce-api',
    };
    const readPages = (samples: number, everyMs: number) =>
      runTsChild<number[]>(thisFile, ['--child', String(samples), String(everyMs)], childEnv);

    const publish = async (products: number, text: string, during?: () => Promise<number[]>) => {
      const before = await stats();
      const [outcome, duringReads] = await Promise.all([
        publishFile(target, 'catalogue', text),
        during ? sleep(500).then(during) : Promise.resolve([]),
      ]);
      if (outcome.status !== 'SUCCEEDED')
        throw new Error(`publish of ${products} products: ${outcome.status}`);
      const after = await stats();
      const items = outcome.record?.counts?.items ?? 0;
      return {
        products,
        seconds: outcome.ms / 1000,
        itemsPerProduct: items / products,
        requestsPerProduct:
          (writesIn(after.dynamodb.requests) - writesIn(before.dynamodb.requests)) / products,
        duringReads,
      };
    };

    const small = await publish(200, seedCatalogueText());
    const beforeReads = await readPages(5, 50);
    const large = await publish(LARGE, generated(LARGE), () => readPages(20, 250));
    // After the readers' cache of the active version (5 s) has expired.
    await sleep(6_000);
    const afterReads = await readPages(5, 50);

    // 100,000 products in 6 countries: the product, its listing entries, 6 stock levels.
    const model = seedCatalogue().products[0]!;
    const sixCountries = partitionsOf({
      ...model,
      prices: Object.fromEntries(['FR', 'DE', 'ES', 'IT', 'GB', 'US'].map((c) => [c, model.basePrice])),
    }).length;
    const perProductAt6 = 1 + sixCountries + 6;
    const projected = 100_000 * perProductAt6;
    const dollars = (projected / 1e6) * DOLLARS_PER_MILLION_WRITE_UNITS;
    const rows: BenchRow[] = [small, large].map((r) => ({
      row: `catalogue publish, ${r.products.toLocaleString('en-US')} products, sandbox | ${r.seconds.toFixed(1)} s to the switch; ${r.itemsPerProduct.toFixed(1)} items and ${r.requestsPerProduct.toFixed(2)} write requests per product | reported | ok`,
      detail:
        `catalogue publish of ${r.products} products through the sandbox's workflow (upload, lock, validate and plan, ` +
        `chunks of 5,000 written 4 at a time, switch): ${r.seconds.toFixed(2)} s; ${r.itemsPerProduct.toFixed(1)} table items ` +
        `per product (the product, its listing entries, its stock levels; the reference data once) in ` +
        `${r.requestsPerProduct.toFixed(2)} DynamoDB write requests per product`,
      ok: true,
    }));
    rows.push({
      row: `catalogue publish, 100,000 products × 6 countries, projected | ${(projected / 1e6).toFixed(1)} M items ≈ $${dollars.toFixed(2)} a publish (on-demand) | reported | ok`,
      detail:
        `projection: a product sold in 6 countries is in ${sixCountries} listing partitions, so 1 + ${sixCountries} + 6 stock levels = ` +
        `${perProductAt6} items of at most 1 KB (one write unit each): ${projected.toLocaleString('en-US')} writes, ` +
        `$${dollars.toFixed(2)} at $${DOLLARS_PER_MILLION_WRITE_UNITS} per million on-demand write units; removing the previous version costs as much again`,
      ok: true,
    });
    // A page reads its items; a request that finds the cached active version older than 5 s
    // reads the pointer too (one item). The page's own cost is the smallest figure of each phase.
    const phases = { before: beforeReads, during: large.duringReads, after: afterReads };
    const page = Object.fromEntries(Object.entries(phases).map(([k, xs]) => [k, Math.min(...xs)]));
    const refreshes = Object.values(phases)
      .flat()
      .filter((n) => n === page.before! + 1).length;
    const equal =
      page.before === page.during &&
      page.during === page.after &&
      Object.values(phases)
        .flat()
        .every((n) => n === page.before || n === page.before! + 1);
    rows.push({
      row: `listing page read cost before / during / after a publish (items read) | ${page.before} / ${page.during} / ${page.after} | equal | ${equal ? 'ok' : 'over'}`,
      detail:
        `GET /products?limit=20&page=3 through the list-products handler in-process, readMeter: ${beforeReads.length} requests before, ` +
        `${large.duringReads.length} while the ${LARGE.toLocaleString('en-US')}-product version was written (250 ms apart), ` +
        `${afterReads.length} after its switch and the 5 s cache: [${beforeReads.join(', ')}] / [${large.duringReads.join(', ')}] / ` +
        `[${afterReads.join(', ')}]; ${refreshes} request(s) read one item more, the active version whose 5 s cache had expired`,
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
