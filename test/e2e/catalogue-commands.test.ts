/**
 * `npm run catalogue` as an operator runs it, each command a child process against a sandbox of
 * its own (the commands change its catalogue): two publishes started within a second, `status`
 * after a stock file that adds a (product, location) pair, and an empty file (issue 21).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readActive, readStatus } from '#cli/catalogue/read-catalogue';
import { catalogueLines, parseCatalogue } from '#functions/catalogue/domain/catalogue-file';
import { ACTIVE_VERSION_CACHE_MS } from '#functions/catalogue/store/active-version';
import { type CatalogueTarget, sandboxTarget } from '#local/catalogue/catalogue-target';
import { seedCatalogueText } from '#local/seed/catalogue-file-seed';
import { type BatchSandbox, startBatchSandbox, waitUntil } from './support/batches';
import { type CliRun, npmRun } from './support/cli-run';

const seed = (() => {
  const parsed = parseCatalogue(seedCatalogueText());
  if (!parsed.ok) throw new Error('the seed catalogue does not parse');
  return parsed.catalogue;
})();

/**
 * The seed with every product's English label tagged, its description `padding` characters long,
 * and each stock level's quantity raised by `restock`.
 */
const tagged = (tag: string, padding = 0, restock = 0, copies = 0) => {
  /** The seed's products (ids up to 200) and `copies` more of each, ids 1,001 and up. */
  const idOf = (id: number, copy: number) => id + copy * 1_000;
  const copy = Array.from({ length: copies + 1 }, (_, k) => k);
  return `${catalogueLines({
    ...seed,
    products: copy.flatMap((k) =>
      seed.products.map((p) => ({
        ...p,
        id: idOf(p.id, k),
        label: { ...p.label, en: `${tag} ${idOf(p.id, k)}` },
        ...(padding ? { description: { ...p.description, en: `${tag} `.repeat(padding / 6) } } : {}),
      })),
    ),
    stocks: copy.flatMap((k) =>
      seed.stocks.map((s) => ({ ...s, productId: idOf(s.productId, k), quantity: s.quantity + restock })),
    ),
  }).join('\n')}\n`;
};

/** The number before `name` in a list of counts ("1,200 products, 7,200 stock levels, 1 item written"). */
const countOf = (line: string, name: string) =>
  Number(new RegExp(`([\\d,]+) ${name}\\b`).exec(line)?.[1]?.replaceAll(',', ''));

describe('npm run catalogue, as an operator runs it', () => {
  let sandbox: BatchSandbox;
  let target: CatalogueTarget;
  let files: string;

  /** `npm run -s catalogue -- …` on this sandbox's state directory. */
  const catalogue = (...args: string[]): Promise<CliRun> =>
    npmRun('catalogue', [...args, '--state-dir', sandbox.stateDir], { timeout: 150_000 });
  const file = (name: string, text: string) => {
    const at = path.join(files, name);
    writeFileSync(at, text);
    return at;
  };

  beforeAll(async () => {
    files = mkdtempSync(path.join(tmpdir(), 'commerce-api-e2e-catalogue-files-'));
    sandbox = await startBatchSandbox();
    target = sandboxTarget(sandbox.running);
  });
  afterAll(async () => {
    target?.close();
    await sandbox?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  it('refuses the second of two publishes started within a second, naming the first, whose file ends active', async () => {
    // The first file is the larger one (its upload takes longer), as in issue 21, and changes every
    // product and stock level: a publish writes only what changed (docs/decisions/catalogue-versions.md
    // D90), and this one must still run when the second starts: 3,000 products (the seed's 200 take
    // 1.3 s once uploaded), and the second starts once the first holds the lock.
    const first = catalogue('publish', file('first.jsonl', tagged('first', 3_000, 1, 14)));
    await waitUntil(
      async () => (await readStatus(target)).lock,
      20_000,
      'the first publish to take the lock',
    );
    const second = catalogue('publish', file('second.jsonl', tagged('second')));
    const [a, b] = [await first, await second];
    expect(a.code).toBe(0);
    const firstId = /Published version (\S+)/.exec(a.stderr)?.[1];
    expect(firstId).toBeDefined();
    expect(b.code).toBe(1);
    expect(b.stderr).toContain(`Another publish (${firstId})`);
    expect(b.stderr).toContain('this publish was not started');
    // Refused at once: nothing uploaded, nothing started.
    expect(b.stderr).not.toMatch(/Started|Uploaded/);
    expect((await readActive(target))?.version).toBe(firstId);
    await sleep(ACTIVE_VERSION_CACHE_MS + 500);
    expect((await sandbox.api('/products/1')).body).toMatchObject({ label: 'first 1' });
  });

  it('status: a stock update ends after it starts, and the counts follow a stock file that adds a pair', async () => {
    const activeLine = (run: CliRun) =>
      run.stdout.split('\n').find((l) => l.startsWith('Active version')) ?? '';
    const before = activeLine(await catalogue('status'));
    const stocks = countOf(before, 'stock levels?');
    expect(stocks).toBeGreaterThan(0);
    const known = seed.stocks[0]!;
    const stock = await catalogue(
      'stock',
      file(
        'stock.jsonl',
        `{"productId":${known.productId},"locationId":"${known.locationId}","quantity":7}\n` +
          '{"productId":1,"locationId":"added-by-issue-21","quantity":3}\n',
      ),
    );
    expect(stock.code).toBe(0);
    expect(stock.stderr).toMatch(/Stock updated in version \S+ in [\d.]+ s: 2 stock levels$/m);
    const status = await catalogue('status');
    expect(status.code).toBe(0);
    const after = activeLine(status);
    const record = /\S+ {2}stock +SUCCEEDED started (\S+), ended (\S+)/.exec(status.stdout);
    expect(record).not.toBeNull();
    // Both truths at once, so that a failure shows each.
    expect({
      startBeforeEnd: Date.parse(record![1]!) <= Date.parse(record![2]!),
      stocks: countOf(after, 'stock levels?'),
      items: countOf(after, 'items? written'),
      products: countOf(after, 'products'),
    }).toEqual({
      startBeforeEnd: true,
      stocks: stocks + 1,
      items: countOf(before, 'items? written') + 1,
      products: countOf(before, 'products'),
    });
  });

  it.each(['publish', 'stock'])(
    '%s of an empty file: refused by line 0, and no SDK warning',
    async (command) => {
      const run = await catalogue(command, file(`empty-${command}.jsonl`, ''));
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('line 0: the file is empty');
      expect(run.stderr).not.toMatch(/Stream of unknown length|lib-storage|Warning/i);
    },
  );

  // Last: a restart starts again the executions a stop left running (a publish waits a minute to remove the
  // version it replaced, docs/sandbox.md), and a publish started again takes the lock again.
  it('the banner of a restart describes the active catalogue, not the seed, and names the events dead-letter queue', async () => {
    const active = await readActive(target);
    target.close();
    sandbox = await sandbox.restart();
    target = sandboxTarget(sandbox.running);
    const line = (name: string) =>
      sandbox.startOutput.split('\n').find((l) => l.trimStart().startsWith(`${name} `)) ?? '';
    const { products, stocks } = active!.counts as { products: number; stocks: number };
    expect(line('Catalogue')).toContain(
      `version ${active!.version} (${products.toLocaleString('en-US')} products, ` +
        `${stocks.toLocaleString('en-US')} stock levels`,
    );
    expect(line('Events')).toMatch(/queue commerce-api-sandbox-events \(\+ -dlq/);
  });
});
