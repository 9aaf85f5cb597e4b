import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { processIdentity } from './process-identity';

/**
 * The sandboxes running from this checkout, one file a process (`<pid>.json`, naming its state
 * directory and the process by pid and start time): how a command given no --state-dir finds the
 * one running elsewhere than `.sandbox/` (docs/decisions/sandbox-and-tools.md D80). A sandbox
 * writes its entry once it is ready and removes it when it stops, whatever stops it (D96); the
 * entry of one that was killed (SIGKILL), or whose pid another process now has, is ignored, and
 * removed, by the next lookup. `SANDBOX_REGISTRY_DIR` moves it (tests that must not see the
 * sandboxes of the checkout).
 */
export const sandboxRegistryDir = (): string =>
  process.env.SANDBOX_REGISTRY_DIR ??
  path.join(projectRoot, 'node_modules', '.cache', 'commerce-api', 'sandboxes');

export interface RegistryEntry {
  readonly pid: number;
  /** When the process started (local/process-identity.ts); absent in an older entry, which names no running sandbox. */
  readonly started?: string;
  readonly stateDir: string;
}

const entryFile = (dir: string, pid: number) => path.join(dir, `${pid}.json`);

/** Registers the sandbox process `pid` (running now) as serving `stateDir`. */
export function registerSandbox(
  { pid, stateDir }: { readonly pid: number; readonly stateDir: string },
  dir = sandboxRegistryDir(),
): void {
  const entry: RegistryEntry = { ...processIdentity(pid), stateDir };
  mkdirSync(dir, { recursive: true });
  writeFileSync(entryFile(dir, pid), `${JSON.stringify(entry)}\n`);
}

export function unregisterSandbox(pid: number, dir = sandboxRegistryDir()): void {
  rmSync(entryFile(dir, pid), { force: true });
}

/** The entries as written, a process's id from its file's name; a missing registry is an empty one. */
export function registryEntries(
  dir: string,
  read: (file: string) => RegistryEntry | undefined,
): RegistryEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const pid = /^(\d+)\.json$/.exec(name)?.[1];
    const entry = pid ? read(path.join(dir, name)) : undefined;
    return entry && entry.pid === Number(pid) && typeof entry.stateDir === 'string' ? [entry] : [];
  });
}
