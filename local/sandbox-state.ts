import { cpSync, rmSync } from 'node:fs';
import { ensureTable, type LocalDynamoDb, startDynamoDb, tableExists } from './local-dynamodb';
import { itemsKey, pristineData, pristineKey, tableKey } from './seed/pristine-data';
import { sandboxSeed } from './seed/seed-items';
import { spawnPristineBuild } from './seed/spawn-pristine-build';
import { lockStateDir, readDataState, statePaths, writeDataState } from './state-dir';
import { cachedSynthesis } from './synth-cache';
import { synthesizeTableInput } from './table-definition';

export interface OpenStateOptions {
  readonly stateDir: string;
  /** Start again from the seed, dropping the current data. */
  readonly reset?: boolean;
  /** Start with an empty table instead of the seed (the seed's own build, local/seed/build-pristine.ts). */
  readonly empty?: boolean;
  readonly log?: (line: string) => void;
}

export interface SandboxState {
  readonly dynamodb: LocalDynamoDb;
  readonly tableName: string;
  readonly seedSummary: string;
  /** How the data came to be: kept from the last run, or copied fresh from the seed. */
  readonly origin: 'kept' | 'seeded';
  /** Milliseconds spent writing the seed, when this start had to (first run after a seed change). */
  readonly seededInMs?: number;
  /** Stops dynalite and releases the state directory. */
  close(): Promise<void>;
}

/**
 * Opens the sandbox's data in a state directory, for the sandbox and for `npm run invoke`:
 * locks the directory, copies the pristine seed in when there is no data yet (or on reset),
 * starts dynalite on it, and creates the table from the CDK construct if it is missing.
 */
export async function openSandboxState(options: OpenStateOptions): Promise<SandboxState> {
  const { stateDir } = options;
  const log = options.log ?? (() => {});
  const release = lockStateDir(stateDir);
  try {
    const tableInput = await cachedSynthesis('table', synthesizeTableInput);
    const tableName = tableInput.TableName!;
    const seed = sandboxSeed();
    const keys = { tableKey: tableKey(tableInput), seedKey: itemsKey(seed.cacheParts) };
    const paths = statePaths(stateDir);
    const current = readDataState(stateDir);

    let origin: SandboxState['origin'] = 'kept';
    let seededInMs: number | undefined;
    const copySeed = async () => {
      const pristine = await pristineData(pristineKey(keys.tableKey, keys.seedKey), (dynamodbDir, s3Dir) =>
        spawnPristineBuild(dynamodbDir, s3Dir, log),
      );
      seededInMs = pristine.builtInMs;
      rmSync(paths.state, { force: true });
      rmSync(paths.dynamodb, { recursive: true, force: true });
      rmSync(paths.s3, { recursive: true, force: true });
      cpSync(pristine.dynamodbDir, paths.dynamodb, { recursive: true });
      cpSync(pristine.s3Dir, paths.s3, { recursive: true });
      writeDataState(stateDir, { ...keys, tableName, createdAt: new Date().toISOString() });
      origin = 'seeded';
    };
    if (options.empty) {
      rmSync(paths.dynamodb, { recursive: true, force: true });
      origin = 'seeded';
    } else if (options.reset || !current) {
      await copySeed();
    } else if (current.tableKey !== keys.tableKey) {
      // Not reset automatically: the state may hold data someone wants to look at first.
      log(
        'Warning: the table definition (keys or indexes) changed since this state was created, so ' +
          'requests may fail. Run `npm start -- --reset` to start again from the seed.',
      );
    } else if (current.seedKey !== keys.seedKey) {
      log(
        'Note: the seed changed since this state was created; `npm start -- --reset` starts again from it.',
      );
    }

    let dynamodb = await startDynamoDb({ path: paths.dynamodb, thread: true });
    try {
      if (options.empty) {
        await ensureTable(dynamodb.client, tableInput);
      } else if (!(await tableExists(dynamodb.client, tableName))) {
        // Someone deleted the table under a kept state: start again from the seed.
        await dynamodb.close();
        await copySeed();
        dynamodb = await startDynamoDb({ path: paths.dynamodb, thread: true });
      }
    } catch (error) {
      await dynamodb.close();
      throw error;
    }
    return {
      dynamodb,
      tableName,
      seedSummary: seed.summary,
      origin,
      ...(seededInMs !== undefined ? { seededInMs } : {}),
      async close() {
        try {
          await dynamodb.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
