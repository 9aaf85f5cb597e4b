import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { readActive } from '#cli/catalogue/read-catalogue';
import { catalogueLines, parseCatalogue } from '#functions/catalogue/domain/catalogue-file';
import { referenceDataKey } from '#functions/contracts/keys/catalogue-keys';
import { sandboxTarget } from '#local/catalogue/catalogue-target';
import { publishFile } from '#local/catalogue/publish-file';
import { seedCatalogueText } from '#local/seed/catalogue-file-seed';
import { startBatchSandbox, waitUntil } from './support/batches';

it('measures', async () => {
  const sandbox = await startBatchSandbox();
  const target = sandboxTarget(sandbox.running);
  const count = async () => {
    let n = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const page = await target.doc.send(
        new ScanCommand({ TableName: target.tableName, ExclusiveStartKey: start, ProjectionExpression: 'pk' }),
      );
      n += (page.Items ?? []).filter((i) => String(i.pk).startsWith('CAT#') && !String(i.pk).endsWith('#CHUNKS')).length;
      start = page.LastEvaluatedKey;
    } while (start);
    return n;
  };
  const parsed = parseCatalogue(seedCatalogueText());
  if (!parsed.ok) throw new Error('x');
  const seed = parsed.catalogue;
  const lines: string[] = [];
  const step = async (name: string, text: string) => {
    const before = await readActive(target);
    const itemsBefore = await count();
    const t0 = performance.now();
    const outcome = await publishFile(target, 'catalogue', text);
    const ms = Math.round(performance.now() - t0);
    const written = outcome.record?.counts?.items;
    const afterPublish = await count();
    await waitUntil(
      async () =>
        (await target.doc.send(new GetCommand({ TableName: target.tableName, Key: referenceDataKey(before!.version) }))).Item === undefined || undefined,
      60_000,
      'removal',
    );
    await sleep(500);
    const afterRemoval = await count();
    lines.push(
      `${name}: status ${outcome.status}, layout ${outcome.record?.layout}, written ${written}, counts ${JSON.stringify(outcome.record?.counts)}, CAT items before ${itemsBefore}, after publish ${afterPublish}, after removal ${afterRemoval} (deleted ${afterPublish - afterRemoval}), publish ${ms} ms`,
    );
  };
  lines.push(`seed: ${seed.products.length} products, ${seed.stocks.length} stock levels; active ${JSON.stringify(await readActive(target))}`);
  lines.push(`CAT items of the seed version: ${await count()}`);
  await step('same file again', seedCatalogueText());
  const one = { ...seed, products: seed.products.map((p) => (p.id === 3 ? { ...p, basePrice: { ...p.basePrice, value: p.basePrice.value + 1 } } : p)) };
  await step('one price changed', `${catalogueLines(one).join('\n')}\n`);
  console.log(lines.join('\n'));
  target.close();
  await sandbox.stop();
}, 600_000);
