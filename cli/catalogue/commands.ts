import { readFileSync } from 'node:fs';
import { catalogueLines } from '../../functions/catalogue/domain/catalogue-file';
import type { PublishKind } from '../../functions/catalogue/domain/catalogue-publishing';
import type { PublishRecord } from '../../functions/catalogue/services/publish-ports';
import { publishFile } from './publish-file';
import { readActiveCatalogue, readStatus } from './read-catalogue';
import type { CatalogueTarget } from './stage-target';

export interface Output {
  out(text: string): void;
  err(line: string): void;
}

const counts = (record?: { counts?: Readonly<Record<string, number>> }) =>
  Object.entries(record?.counts ?? {})
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');

const describeRecord = (r: PublishRecord) =>
  `${r.publishId}  ${r.kind.padEnd(9)} ${r.status.padEnd(9)} started ${r.startedAt}` +
  (r.finishedAt ? `, ended ${r.finishedAt}` : '') +
  (r.status === 'SUCCEEDED' ? ` (${counts(r)})` : r.message ? `\n    ${r.message}` : '');

/** `publish FILE` and `stock FILE`: 0 when the file was applied, 1 when it was refused or failed. */
export async function publishCommand(
  target: CatalogueTarget,
  kind: PublishKind,
  file: string,
  io: Output,
): Promise<number> {
  const text = readFileSync(file, 'utf8');
  const outcome = await publishFile(target, kind, text, io.err);
  const seconds = (outcome.ms / 1000).toFixed(1);
  if (outcome.status === 'SUCCEEDED') {
    io.err(
      kind === 'stock'
        ? `Stock updated in version ${outcome.record?.version} in ${seconds} s: ${counts(outcome.record)}`
        : `Published version ${outcome.record?.version} in ${seconds} s: ${counts(outcome.record)}`,
    );
    return 0;
  }
  const record = outcome.record;
  io.err(record?.message ?? `The ${kind === 'stock' ? 'stock update' : 'publish'} ended ${outcome.status}.`);
  for (const error of record?.errors ?? []) io.err(`  line ${error.line}: ${error.message}`);
  return 1;
}

export async function statusCommand(target: CatalogueTarget, io: Output): Promise<number> {
  const { active, lock, records } = await readStatus(target);
  io.out(
    active
      ? `Active version ${active.version}, published ${active.publishedAt} (${counts(active)})\n`
      : `Nothing has been published to the ${target.stage} stage yet.\n`,
  );
  if (lock) io.out(`Running: ${lock.kind} ${lock.publishId} since ${lock.since}\n`);
  if (records.length > 0) io.out(`Latest:\n${records.map((r) => `  ${describeRecord(r)}`).join('\n')}\n`);
  return 0;
}

export async function exportCommand(target: CatalogueTarget, io: Output): Promise<number> {
  const catalogue = await readActiveCatalogue(target);
  if (!catalogue) {
    io.err(`Nothing has been published to the ${target.stage} stage yet.`);
    return 1;
  }
  io.out(`${catalogueLines(catalogue).join('\n')}\n`);
  return 0;
}
