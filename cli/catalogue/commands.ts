import { catalogueLines } from '#functions/contracts/catalogue-file-format';
import { CATALOGUE_LAYOUT, layoutOf, READER_LAYOUTS } from '#functions/contracts/catalogue-publish-steps';
import type { PublishRecord } from '#functions/contracts/catalogue-records';
import { countsInWords } from '#local/catalogue/catalogue-counts';
import type { CatalogueTarget } from '#local/catalogue/catalogue-target';
import {
  type PublishOutcome,
  publishFile,
  removeCatalogueVersion,
  upgradeCatalogue,
} from '#local/catalogue/publish-file';
import { readInputFile } from '../input-file';
import { readActive, readActiveCatalogue, readStatus, readVersion } from './read-catalogue';

/** The reads that answer 503 while the active version has `layout` (docs/decisions/catalogue-versions.md D73). */
const unavailableAt = (layout: number) => {
  const reads = [
    layout < READER_LAYOUTS.listing && 'listings',
    layout < READER_LAYOUTS.searchSnapshot
      ? 'searches'
      : layout < READER_LAYOUTS.textSearch && 'searches with text',
  ].filter(Boolean);
  return reads.join(' and ');
};

export interface Output {
  out(text: string): void;
  err(line: string): void;
}

const counts = (record?: { counts?: Readonly<Record<string, number>> }) =>
  countsInWords(record?.counts ?? {});

/** What a run made: its counts, and for an upgrade the version and layout it came from. */
const made = (r: PublishRecord) =>
  [
    r.upgradedFrom && `version ${r.upgradedFrom.version} from layout ${r.upgradedFrom.layout} to ${r.layout}`,
    counts(r),
  ]
    .filter(Boolean)
    .join('; ');

const describeRecord = (r: PublishRecord) =>
  `${r.publishId}  ${r.kind.padEnd(9)} ${r.status.padEnd(9)} started ${r.startedAt}` +
  (r.finishedAt ? `, ended ${r.finishedAt}` : '') +
  (r.status === 'SUCCEEDED' && made(r) ? ` (${made(r)})` : r.message ? `\n    ${r.message}` : '');

/**
 * The end of a run the command waited for: 0 when it did what was asked (`done` says it, given
 * the seconds it took), 1 with what the record says.
 */
const reportOutcome = (
  outcome: PublishOutcome,
  what: string,
  done: (record: PublishRecord, seconds: string) => string,
  io: Output,
) => {
  const { record } = outcome;
  if (outcome.status === 'SUCCEEDED' && record) {
    io.err(done(record, `${(outcome.ms / 1000).toFixed(1)} s`));
    return 0;
  }
  io.err(record?.message ?? `The ${what} ended ${outcome.status}.`);
  for (const error of record?.errors ?? []) io.err(`  line ${error.line}: ${error.message}`);
  return 1;
};

/** `publish FILE` and `stock FILE`: 0 when the file was applied, 1 when it was refused or failed. */
export async function publishCommand(
  target: CatalogueTarget,
  kind: 'catalogue' | 'stock',
  file: string,
  io: Output,
): Promise<number> {
  const text = await readInputFile(file);
  const outcome = await publishFile(target, kind, text, io.err);
  return reportOutcome(
    outcome,
    kind === 'stock' ? 'stock update' : 'publish',
    (record, seconds) =>
      kind === 'stock'
        ? `Stock updated in version ${record.version} in ${seconds}: ${counts(record)}`
        : `Published version ${record.version} in ${seconds}: ${counts(record)}`,
    io,
  );
}

/**
 * `upgrade`: the upgrade a deploy starts (docs/decisions/catalogue-versions.md D73), run again, e.g. after it failed:
 * 0 when the active version is in this code's layout at its end.
 */
export async function upgradeCommand(target: CatalogueTarget, io: Output): Promise<number> {
  const outcome = await upgradeCatalogue(target, io.err);
  return reportOutcome(
    outcome,
    'catalogue upgrade',
    (record, seconds) =>
      record.upgradedFrom
        ? `Upgraded version ${record.upgradedFrom.version} (layout ${record.upgradedFrom.layout}) to layout ` +
          `${record.layout} as version ${record.version} in ${seconds}: ${counts(record)}`
        : (record.message ?? 'Nothing to upgrade.'),
    io,
  );
}

/** `remove VERSION`: a version a failed removal left behind (never the active one). */
export async function removeCommand(target: CatalogueTarget, version: string, io: Output): Promise<number> {
  if ((await readActive(target))?.version === version) {
    io.err(`Version ${version} is the active one: it is never removed. Publish another version first.`);
    return 1;
  }
  if (!(await readVersion(target, version))) {
    io.err(
      `The ${target.stage} stage has no version ${version} (npm run catalogue -- status names the active one).`,
    );
    return 1;
  }
  const outcome = await removeCatalogueVersion(target, version, io.err);
  return reportOutcome(outcome, 'removal', (_, seconds) => `Removed version ${version} in ${seconds}`, io);
}

export async function statusCommand(target: CatalogueTarget, io: Output): Promise<number> {
  const { active, lock, records } = await readStatus(target);
  const layout = active && layoutOf(active);
  io.out(
    active
      ? `Active version ${active.version}, layout ${layout}, published ${active.publishedAt} (${counts(active)})\n`
      : `Nothing has been published to the ${target.stage} stage yet.\n`,
  );
  if (layout !== undefined && layout < CATALOGUE_LAYOUT) {
    const waiting = unavailableAt(layout);
    io.out(
      `  This code writes layout ${CATALOGUE_LAYOUT}: ${waiting ? `${waiting} answer 503` : 'every route answers'} ` +
        'until the upgrade a deploy starts switches (npm run catalogue -- upgrade runs it again).\n',
    );
  }
  if (lock) {
    io.out(
      `Running: ${lock.kind} ${lock.publishId} since ${lock.since}` +
        // A command's claim (docs/decisions/catalogue-versions.md D79): its file may still be uploading.
        (lock.claimed ? ' (claimed by its command, whose workflow has not started yet)' : '') +
        '\n',
    );
  }
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
