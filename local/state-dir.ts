import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { unregisterSandbox } from './sandbox-registry';

/** Where the sandbox keeps its state unless told otherwise (`--state-dir`). */
export const DEFAULT_STATE_DIR = path.join(projectRoot, '.sandbox');

/** The files of a state directory. */
export const statePaths = (stateDir: string) => ({
  dynamodb: path.join(stateDir, 'dynamodb'),
  /** s3rver's buckets: the reports' PDFs, the catalogue's uploads, plans and search snapshots. */
  s3: path.join(stateDir, 's3'),
  /** What the data was created from; written only once the data is complete. */
  state: path.join(stateDir, 'state.json'),
  /** Held by the one process that has the data open (LevelDB allows one). */
  lock: path.join(stateDir, 'sandbox.lock'),
  /** Where a running sandbox can be reached (`npm run invoke`, tests). */
  running: path.join(stateDir, 'sandbox.json'),
});

export interface DataState {
  /** Hash of the table definition (keys, indexes) the data was created with. */
  readonly tableKey: string;
  /** Hash of the seed the data started from. */
  readonly seedKey: string;
  readonly tableName: string;
  readonly createdAt: string;
}

export const readJson = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

export const readDataState = (stateDir: string) => readJson<DataState>(statePaths(stateDir).state);
export const writeDataState = (stateDir: string, state: DataState) =>
  writeFileSync(statePaths(stateDir).state, `${JSON.stringify(state, null, 2)}\n`);

export const isProcessAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class StateDirBusyError extends Error {
  constructor(
    readonly stateDir: string,
    readonly pid: number,
  ) {
    super(
      `Another process (pid ${pid}) is using the sandbox state in ${stateDir}. ` +
        'Stop it first, or use another directory with --state-dir.',
    );
  }
}

/**
 * Takes the state directory for this process: one process per data directory (LevelDB's rule,
 * which it would otherwise report as an obscure I/O error). A lock left by a process that no
 * longer exists is taken over. Returns the release function.
 */
export function lockStateDir(stateDir: string): () => void {
  mkdirSync(stateDir, { recursive: true });
  const { lock, running } = statePaths(stateDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(running, { force: true });
        unregisterSandbox(process.pid);
        rmSync(lock, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lock, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid)) {
        throw new StateDirBusyError(stateDir, pid);
      }
      rmSync(lock, { force: true });
    }
  }
  throw new Error(`Could not lock ${stateDir}`);
}
