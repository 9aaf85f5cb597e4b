import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { isRunning, type ProcessIdentity, thisProcess } from './process-identity';
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
  /** Names the one process that has the data open (LevelDB allows one): its pid and start time. */
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

export class StateDirBusyError extends Error {
  constructor(
    readonly stateDir: string,
    readonly pid: number,
    command?: string,
  ) {
    super(
      `Another process (pid ${pid}${command ? `: ${command}` : ''}) is using the sandbox state in ${stateDir}. ` +
        'Stop it first, or use another directory with --state-dir.',
    );
  }
}

/** What sandbox.lock holds: the holder, and its command line for the one who finds it busy. */
interface LockHolder extends ProcessIdentity {
  readonly command: string;
}

/** The holder a lock names; undefined for a lock of an older format (a bare pid) or a torn one. */
const lockHolder = (lock: string): LockHolder | undefined => {
  const holder = readJson<Partial<LockHolder>>(lock);
  return typeof holder === 'object' && holder !== null && typeof holder.started === 'string'
    ? (holder as LockHolder)
    : undefined;
};

/**
 * Takes the state directory for this process: one process per data directory (LevelDB's rule,
 * which it would otherwise report as an obscure I/O error). The lock names this process by pid
 * and start time, so a lock whose process is gone, or whose pid another process now has, is
 * taken over (docs/decisions/sandbox-and-tools.md D96). Returns the release function, which
 * removes the lock, sandbox.json and the registry's entry; it also runs when the process exits,
 * however `process.exit` is reached.
 */
export function lockStateDir(stateDir: string): () => void {
  mkdirSync(stateDir, { recursive: true });
  const { lock, running } = statePaths(stateDir);
  const me: LockHolder = { ...thisProcess(), command: process.argv.slice(1).join(' ') };
  // Written whole, then linked to the lock's name: a reader never sees a lock half written.
  const mine = `${lock}.${process.pid}`;
  writeFileSync(mine, `${JSON.stringify(me)}\n`);
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(mine, lock);
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          process.off('exit', release);
          rmSync(running, { force: true });
          unregisterSandbox(process.pid);
          rmSync(lock, { force: true });
        };
        process.on('exit', release);
        return release;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = lockHolder(lock);
        const ours = holder?.pid === me.pid && holder.started === me.started;
        if (holder && !ours && isRunning(holder)) {
          throw new StateDirBusyError(stateDir, holder.pid, holder.command);
        }
        rmSync(lock, { force: true });
      }
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new Error(
    `Another process took the sandbox state in ${stateDir} at the same moment. ` +
      'Start again, or use another directory with --state-dir.',
  );
}
