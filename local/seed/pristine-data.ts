import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { CATALOGUE_LAYOUT } from '#functions/contracts/catalogue-publish-steps';
import { projectRoot } from '#lib/project-paths';

/** Bump when the cache layout changes (the search snapshot's files included), so old entries are not reused. */
const CACHE_FORMAT = 4;
const KEEP_ENTRIES = 3;

/**
 * Seeding takes seconds (the catalogue goes through the publish workflow, the orders through
 * the event path), a copy of the resulting LevelDB directory about 10 ms. So the seed is built
 * once into a pristine data directory, kept in node_modules/.cache, and every fresh start
 * (first run, `--reset`, each e2e run) copies it.
 */
export const cacheRoot = () =>
  process.env.SANDBOX_CACHE_DIR ?? path.join(projectRoot, 'node_modules', '.cache', 'commerce-api-sandbox');

const shortHash = (parts: Iterable<unknown>) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(JSON.stringify(part));
  return hash.digest('hex').slice(0, 16);
};

/** Identifies a table definition (keys, indexes), so a state made with another one is noticed. */
export const tableKey = (tableInput: CreateTableCommandInput) => shortHash([tableInput]);

/** Identifies the seed: its files and items. */
export const itemsKey = (parts: readonly unknown[]) => shortHash(parts);

/**
 * Names the pristine data: a change to the seed, the table, dynalite or the catalogue's layout
 * makes a new entry (a seed of an older layout would be upgraded at every fresh start,
 * docs/decisions/catalogue-versions.md D73).
 */
export const pristineKey = (tableKeyValue: string, itemsKeyValue: string) =>
  shortHash([
    CACHE_FORMAT,
    'dynalite 4.0.0',
    `catalogue layout ${CATALOGUE_LAYOUT}`,
    tableKeyValue,
    itemsKeyValue,
  ]);

export interface PristineData {
  /** A complete, closed dynalite data directory: copy it, never open it. */
  readonly dynamodbDir: string;
  /** The s3rver directory that goes with it (the seed catalogue's plans and search snapshots). */
  readonly s3Dir: string;
  /** Milliseconds spent seeding, when this call had to build it. */
  readonly builtInMs?: number;
}

const completeMarker = (dir: string) => path.join(dir, 'COMPLETE');

/** Keeps the few most recently built entries; older seeds are of no use. */
const prune = (root: string) => {
  const entries = readdirSync(root)
    .map((name) => path.join(root, name))
    .filter((dir) => existsSync(completeMarker(dir)))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const stale of entries.slice(KEEP_ENTRIES)) rmSync(stale, { recursive: true, force: true });
};

/**
 * The pristine data of `key`, built by `build` into a fresh dynalite directory when the cache
 * has no complete entry for it yet.
 */
export async function pristineData(
  key: string,
  build: (dynamodbDir: string, s3Dir: string) => Promise<void>,
): Promise<PristineData> {
  const root = cacheRoot();
  const dir = path.join(root, key);
  const dynamodbDir = path.join(dir, 'dynamodb');
  const s3Dir = path.join(dir, 's3');
  if (existsSync(completeMarker(dir))) return { dynamodbDir, s3Dir };

  // Built aside and renamed into place, so a concurrent start never sees half a seed.
  const started = performance.now();
  const building = path.join(root, `.${key}-${randomUUID()}`);
  mkdirSync(building, { recursive: true });
  try {
    await build(path.join(building, 'dynamodb'), path.join(building, 's3'));
    writeFileSync(completeMarker(building), `${new Date().toISOString()}\n`);
    try {
      renameSync(building, dir);
    } catch (error) {
      // Another process built the same entry meanwhile: theirs is as good as ours.
      if (!existsSync(completeMarker(dir))) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  prune(root);
  return { dynamodbDir, s3Dir, builtInMs: Math.round(performance.now() - started) };
}
