import { cpSync, rmSync } from 'node:fs';
import { ensureTable, type LocalDynamoDb, startDynamoDb } from './dynamodb';
import { pristineData, seedKey } from './seed/pristine-data';
import { sandboxSeed } from './seed/seed-items';
import { writeItems } from './seed/write-items';
import { lockStateDir, readDataState, statePaths, writeDataState } from './state-dir';
import { synthesizeTableInput } from './table-definition';

export interface OpenStateOptions {
  readonly stateDir: string;
  /** Start again from the seed, dropping the current data. */
  readonly reset?: boolean;
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
    const tableInput = await synthesizeTableInput();
    const tableName = tableInput.TableName!;
    const seed = sandboxSeed();
    const key = seedKey(tableInput, seed.items);
    const paths = statePaths(stateDir);
    const current = readDataState(stateDir);

    let origin: SandboxState['origin'] = 'kept';
    let seededInMs: number | undefined;
    if (options.reset || !current) {
      const pristine = await pristineData(key, tableInput, seed.items);
      seededInMs = pristine.builtInMs;
      rmSync(paths.state, { force: true });
      rmSync(paths.dynamodb, { recursive: true, force: true });
      cpSync(pristine.dynamodbDir, paths.dynamodb, { recursive: true });
      writeDataState(stateDir, { seedKey: key, tableName, createdAt: new Date().toISOString() });
      origin = 'seeded';
    } else if (current.seedKey !== key) {
      log(
        'Note: the seed or the table definition changed since this state was created; ' +
          'run `npm start -- --reset` to start again from the new seed.',
      );
    }

    const dynamodb = await startDynamoDb({ path: paths.dynamodb });
    try {
      // Someone deleted the table under a kept state: recreate it and seed it the slow way.
      if (await ensureTable(dynamodb.client, tableInput)) {
        const started = performance.now();
        await writeItems(dynamodb.client, tableName, seed.items);
        seededInMs = Math.round(performance.now() - started);
        origin = 'seeded';
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
