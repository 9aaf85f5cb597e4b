/**
 * A deploy of code that needs a newer catalogue layout (docs/decisions/catalogue-versions.md D73), in a sandbox of its
 * own: the active version is replaced by one as the previous layout wrote it, the sandbox is
 * stopped and started again on the same state ("deploying" the current code: it starts what the
 * deploy's custom resource starts), and every catalogue route must answer as on a fresh publish,
 * or 503 with Retry-After while the upgrade runs: never an empty listing, never a 500.
 *
 * The fixture is layout 3 as its writer wrote it (test/e2e/support/layout-3-catalogue.ts: per
 * version keys, listing entries and summaries, the search snapshot files, the plan files in
 * chunks of CHUNK_ITEMS), with a version record and an ACTIVE record of layout 3. It is written
 * through the sandbox's own DynamoDB and S3. This code reads a layout 3 version by its own keys
 * (D90), so nothing answers 503 before, during or after the upgrade but searches with text, which
 * need layout 5's text analysis (docs/decisions/search-engine.md D105) and answer 503 until it.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { statusCommand } from '#cli/catalogue/commands';
import { readActive, readActiveCatalogue } from '#cli/catalogue/read-catalogue';
import { CATALOGUE_LAYOUT } from '#functions/catalogue/domain/catalogue-layout';
import { ACTIVE_VERSION_CACHE_MS } from '#functions/catalogue/store/active-version';
import { productKey, versionRecordKey } from '#functions/contracts/keys/catalogue-keys';
import { versionFileKey } from '#functions/contracts/keys/import-object-keys';
import { type CatalogueTarget, sandboxTarget } from '#local/catalogue/catalogue-target';
import { upgradeCatalogue } from '#local/catalogue/publish-file';
import type { ApiResponse } from './support/api';
import { type BatchSandbox, startBatchSandbox, waitUntil } from './support/batches';
import { publishLayoutThree } from './support/layout-3-catalogue';

const json = { 'content-type': 'application/json' };
/** The one request a layout 3 version answers 503 until it is upgraded: the search with text. */
const TEXT_SEARCH = '/products/search';
/** What may answer 503 while the upgrade runs: the search with text, and nothing else. */
const onlyTextSearch = (unavailable: readonly string[]) => unavailable.filter((path) => path !== TEXT_SEARCH);
const criteria = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** A request of every catalogue route, and of each kind of listing and search. */
const REQUESTS: readonly (readonly [string, RequestInit?])[] = [
  ['/products/3'],
  ['/products/3?fields=id,label,brand'],
  ['/products/4', { headers: { 'accept-language': 'fr' } }],
  ['/products/3/technical_info'],
  ['/products/3/ratings'],
  ['/products/3/images'],
  ['/products/3/stocks?location_id=paris-1'],
  ['/books/1', { headers: { 'accept-language': 'de' } }],
  ['/computers/3'],
  ['/business-units', { headers: { 'accept-language': 'es' } }],
  ['/countries', { headers: { 'accept-language': 'it' } }],
  ['/countries/FR/products?limit=20'],
  ['/products?limit=30&page=2'],
  ['/products?productType=book&limit=10&fields=id,label'],
  // Listings across several partitions, paged from their summaries (layout 2).
  ['/countries/FR/products?brand=Voltix&brand=Nimbus&limit=10'],
  ['/products?brand=Northwind%20Press&brand=Atlas%20Editions&limit=15&page=2'],
  ['/products?productType=computer&brand=Kestrel&brand=Orbital&currency=USD&fields=id,price'],
  // Searches, answered from the search snapshot (layout 3); with text, layout 5's.
  [TEXT_SEARCH, { method: 'POST', headers: json, body: '{"text":"portable","sort":"relevance","limit":5}' }],
  [
    '/products/search',
    {
      method: 'POST',
      headers: { ...json, 'accept-language': 'fr' },
      body: '{"productType":["computer"],"country":"FR","sort":"-price","limit":5}',
    },
  ],
  [`/products?searchCriteria=${criteria({ in_stock: { location_id: 'paris-1' }, limit: 5 })}`],
];

/** What a client sees of an answer: its status, language and body. */
const seen = ({ status, headers, body }: ApiResponse) => ({
  status,
  language: headers.get('content-language'),
  body,
});

const answers = (sandbox: BatchSandbox) =>
  Promise.all(REQUESTS.map(async ([path, init]) => ({ path, ...seen(await sandbox.api(path, init)) })));

type Answer = Awaited<ReturnType<typeof answers>>[number];

/**
 * Asks every request once: each answer must be the recorded one, or a 503 with Retry-After in
 * the D1 shape. Answers the paths that were 503.
 */
const equalOrUnavailable = async (sandbox: BatchSandbox, recorded: readonly Answer[]) => {
  const unavailable: string[] = [];
  const raw = await Promise.all(REQUESTS.map(([path, init]) => sandbox.api(path, init)));
  for (const [i, response] of raw.entries()) {
    const answer = { path: REQUESTS[i]![0], ...seen(response) };
    if (answer.status !== 503) {
      expect(answer).toEqual(recorded[i]);
      continue;
    }
    expect(response.headers.get('retry-after')).toBe('5');
    expect(answer.body).toEqual({
      code: 'service_unavailable',
      message: 'The catalogue is being brought up to date; try again in a few seconds.',
    });
    unavailable.push(answer.path);
  }
  return unavailable;
};

/** What `npm run catalogue -- status` prints of the sandbox. */
const status = async (sandbox: BatchSandbox) => {
  const target = sandboxTarget(sandbox.running);
  let printed = '';
  try {
    await statusCommand(target, {
      out: (text) => (printed += text),
      err: (line) => (printed += `${line}\n`),
    });
  } finally {
    target.close();
  }
  return printed;
};

/** The active catalogue written again as layout 3 wrote it (see the top of this file). */
async function publishPreviousLayout(target: CatalogueTarget, version: string): Promise<string> {
  const catalogue = await readActiveCatalogue(target);
  const previous = await readActive(target);
  if (!catalogue || !previous) throw new Error('The sandbox has no catalogue to write again');
  await publishLayoutThree(target, version, catalogue);
  return previous.version;
}

describe('a deploy of code that needs a newer catalogue layout', () => {
  let sandbox: BatchSandbox;
  afterAll(async () => {
    await sandbox?.stop();
  });

  it('brings the active version up to date by itself, every answer as before or a 503 with Retry-After', async () => {
    sandbox = await startBatchSandbox();
    const recorded = await answers(sandbox);
    expect(recorded.every((answer) => answer.status === 200)).toBe(true);
    const unions = recorded.filter((a) => a.path.includes('brand=')).map((a) => a.path);
    for (const path of unions) {
      expect((recorded.find((a) => a.path === path)!.body as unknown[]).length).toBeGreaterThan(0);
    }

    // The version it replaces stays as it is: nothing reads it any more.
    const old = '20250101T000000Z-old001';
    const target = sandboxTarget(sandbox.running);
    try {
      await publishPreviousLayout(target, old);
    } finally {
      target.close();
    }
    // The old version served by this code: every answer as before, none a 503; status says so.
    const before = await status(sandbox);
    expect(before).toContain(`layout 3, published`);
    expect(before).toContain(
      `This code writes layout ${CATALOGUE_LAYOUT}: searches with text answer 503 until the upgrade`,
    );
    await sleep(ACTIVE_VERSION_CACHE_MS + 500);
    expect(await equalOrUnavailable(sandbox, recorded)).toEqual([TEXT_SEARCH]);

    // "Deploy": stop, and start the current code on the same state.
    sandbox = await sandbox.restart();
    const after = sandboxTarget(sandbox.running);
    try {
      const upgraded = async () => {
        const active = await readActive(after);
        return active?.layout === CATALOGUE_LAYOUT ? active : undefined;
      };
      const started = performance.now();
      while (!(await upgraded()) && performance.now() - started < 60_000) {
        expect(onlyTextSearch(await equalOrUnavailable(sandbox, recorded))).toEqual([]);
      }
      const active = await upgraded();
      expect(active).toMatchObject({ layout: CATALOGUE_LAYOUT, previous: old });
      // Readers' caches of the old version expire; meanwhile still equal or 503.
      const until = performance.now() + ACTIVE_VERSION_CACHE_MS + 500;
      while (performance.now() < until)
        expect(onlyTextSearch(await equalOrUnavailable(sandbox, recorded))).toEqual([]);
      expect(await answers(sandbox)).toEqual(recorded);
      expect(await status(sandbox)).toMatch(
        new RegExp(`upgrade +SUCCEEDED .*\\(version ${old} from layout 3 to ${CATALOGUE_LAYOUT};`),
      );
      // Asked again (npm run catalogue -- upgrade), it has nothing to do.
      const again = await upgradeCatalogue(after);
      expect(again.record).toMatchObject({ kind: 'upgrade', status: 'SUCCEEDED' });
      expect(again.record?.message).toMatch(
        /^Nothing to upgrade: the active version .* is in layout \d, this code's\.$/,
      );

      // The old version goes after the grace period: its record last, after its items and plan files.
      const get = async (key: Record<string, string>) =>
        (await after.doc.send(new GetCommand({ TableName: after.tableName, Key: key }))).Item;
      await waitUntil(
        async () => (await get(versionRecordKey(old))) === undefined || undefined,
        40_000,
        'the old version to be removed',
      );
      expect(await get(productKey(old, 3))).toBeUndefined();
      await expect(
        after.s3.send(new GetObjectCommand({ Bucket: after.bucket, Key: versionFileKey(old, 1) })),
      ).rejects.toMatchObject({ name: 'NoSuchKey' });
    } finally {
      after.close();
    }
  });
});
