/**
 * Which process a record names (docs/decisions/sandbox-and-tools.md D96). A pid alone does not
 * say: pids are reused within minutes (32,768 of them here), so a file naming a dead sandbox's pid
 * would name whatever process got it next. A pid with its start time names one process: Linux's
 * /proc/<pid>/stat field 22 (clock ticks since boot) with the boot's id, elsewhere `ps`'s start
 * time (macOS, to the second).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A process as a record names it: its pid and when it started. */
export interface ProcessIdentity {
  readonly pid: number;
  /** `processStart(pid)` when the record was written. */
  readonly started: string;
}

let bootId: string | undefined;
const linuxBootId = (): string => {
  if (bootId === undefined) {
    try {
      bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootId = 'boot';
    }
  }
  return bootId;
};

const linuxStart = (pid: number): string | undefined => {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Field 2, the command's name, is in parentheses and may hold spaces or parentheses itself:
  // the fields after its last ")" are 3 (the state) onwards, so field 22 is the 20th of them.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // A zombie has exited (its files and locks are closed) but is not yet reaped: not running.
  if (fields[0] === 'Z' || fields[0] === 'X' || fields[19] === undefined) return undefined;
  return `${linuxBootId()}:${fields[19]}`;
};

const psStart = (pid: number): string | undefined => {
  try {
    const out = execFileSync('ps', ['-o', 'stat=,lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const [state, ...started] = out.split(/\s+/);
    return out === '' || state!.startsWith('Z') ? undefined : started.join(' ');
  } catch {
    return undefined; // ps exits 1 when no process has that pid
  }
};

/** When process `pid` started, as only that process has it; undefined when none runs with that pid. */
export function processStart(pid: number, platform: NodeJS.Platform = process.platform): string | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return platform === 'linux' ? linuxStart(pid) : psStart(pid);
}

/** Process `pid` (running now), as a record names it. */
export const processIdentity = (pid: number): ProcessIdentity => ({
  pid,
  started: processStart(pid) ?? 'unknown',
});

/** This process, as a record names it. */
export const thisProcess = (): ProcessIdentity => processIdentity(process.pid);

/** Whether the process a record names is still running: its pid, started when the record says. */
export const isRunning = (identity: Partial<ProcessIdentity> | undefined): boolean =>
  typeof identity?.pid === 'number' &&
  typeof identity.started === 'string' &&
  processStart(identity.pid) === identity.started;
