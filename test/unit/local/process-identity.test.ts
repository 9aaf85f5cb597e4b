/**
 * A process named by pid and start time (docs/decisions/sandbox-and-tools.md D96): the same
 * process always reads the same, another process (a `sleep` here) reads otherwise, and a pid no
 * process runs under, or a process that has exited but is not yet reaped, reads as none. Both
 * ways of reading it are run here: Linux's /proc, and `ps` as on macOS.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning, processStart, thisProcess } from '#local/process-identity';

/** A process id that is not running: beyond Linux's largest. */
const DEAD_PID = 4_194_305;

const children: ChildProcess[] = [];
const started = (command: string, args: string[]) => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  return child;
};
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe.each(['linux', 'darwin'] as const)('processStart, read as on %s', (platform) => {
  it('reads the same for one process every time, and otherwise for another', async () => {
    const mine = processStart(process.pid, platform);
    expect(mine).toEqual(expect.any(String));
    expect(processStart(process.pid, platform)).toBe(mine);
    const other = started('sleep', ['30']);
    await once(other, 'spawn');
    expect(processStart(other.pid!, platform)).toEqual(expect.any(String));
    expect(processStart(other.pid!, platform)).not.toBe(mine);
  });

  it('reads none for a pid no process has, nor for a process that exited and is not reaped', async () => {
    expect(processStart(DEAD_PID, platform)).toBeUndefined();
    expect(processStart(0, platform)).toBeUndefined();
    // The shell becomes a `sleep` that never reaps the child it started: a zombie for 30 s.
    const shell = started('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30']);
    const [line] = (await once(shell.stdout!, 'data')) as [Buffer];
    await sleep(500);
    expect(processStart(Number(line.toString().trim()), platform)).toBeUndefined();
  });
});

describe('isRunning', () => {
  it('holds for a record of a running process, not for one whose pid now names another', async () => {
    expect(isRunning(thisProcess())).toBe(true);
    const other = started('sleep', ['30']);
    await once(other, 'spawn');
    expect(isRunning({ pid: other.pid!, started: processStart(other.pid!)! })).toBe(true);
    expect(isRunning({ pid: other.pid!, started: thisProcess().started })).toBe(false);
    expect(isRunning({ pid: other.pid! })).toBe(false);
    expect(isRunning({ pid: DEAD_PID, started: 'anything' })).toBe(false);
  });
});
