/**
 * What a sandbox leaves when it stops (docs/decisions/sandbox-and-tools.md D96, issue 35). A
 * sandbox starts on a state directory whose lock a killed sandbox left, that lock's pid now an
 * unrelated live process's (pids are reused within minutes). And a sandbox run as `npm start`,
 * stopped by a signal to its whole process group (`kill -- -PGID`, as a terminal or a test harness
 * stops it) right after its Ready line, while it is still loading its functions, leaves neither
 * its registration nor its lock nor sandbox.json. Each test has a registry of its own
 * (`SANDBOX_REGISTRY_DIR`), so the checkout's is never touched.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processStart } from '#local/process-identity';
import type { RunningSandbox } from '#local/running-sandbox';
import { startSandboxChild, stopSandboxChild } from '#local/sandbox-child';
import { statePaths } from '#local/state-dir';
import { checkedFetch } from './support/api-contract';

let root: string;
const others: ChildProcess[] = [];
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'sandbox-stops-'));
});
afterAll(() => {
  for (const child of others) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

/** A state directory and a registry of its own for one test. */
const place = (name: string) => {
  const registry = path.join(root, name, 'registry');
  return {
    stateDir: path.join(root, name, 'state'),
    registry,
    env: { ...process.env, SANDBOX_REGISTRY_DIR: registry },
  };
};
const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

/** Resolves once the process has exited (a zombie not yet reaped counts as exited). */
const exited = async (pid: number) => {
  for (let waited = 0; processStart(pid) !== undefined; waited += 100) {
    if (waited > 30_000) throw new Error(`The sandbox (pid ${pid}) is still running 30 s after the signal`);
    await sleep(100);
  }
};

describe('a sandbox', () => {
  it('starts on a state directory whose lock names a live, unrelated process', async () => {
    const { stateDir, env } = place('reused-pid');
    const { lock } = statePaths(stateDir);
    const killed = await startSandboxChild(stateDir, { env });
    killed.child.kill('SIGKILL'); // nothing can release on SIGKILL: its lock stays
    await once(killed.child, 'exit');
    const left = readJson<{ pid: number }>(lock);
    expect(left.pid).toBe(killed.child.pid);

    const unrelated = spawn('sleep', ['120'], { stdio: 'ignore' });
    others.push(unrelated);
    await once(unrelated, 'spawn');
    writeFileSync(lock, JSON.stringify({ ...left, pid: unrelated.pid }));

    const sandbox = await startSandboxChild(stateDir, { env, reset: false });
    try {
      expect((await checkedFetch(`${sandbox.url}/products/1`)).status).toBe(200);
      expect(readJson(lock)).toMatchObject({ pid: sandbox.child.pid });
    } finally {
      await stopSandboxChild(sandbox.child);
    }
    expect(existsSync(lock)).toBe(false);
    expect(processStart(unrelated.pid!)).toEqual(expect.any(String)); // untouched
  });

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'stopped by %s to its process group right after Ready, leaves no registration, lock or sandbox.json',
    async (signal) => {
      const { stateDir, registry, env } = place(signal);
      const paths = statePaths(stateDir);
      const sandbox = await startSandboxChild(stateDir, { env, npmStart: true });
      const group = sandbox.child.pid!;
      const { pid } = readJson<RunningSandbox>(paths.running);
      expect(pid).not.toBe(group); // npm leads the group; the sandbox is its grandchild
      expect(readdirSync(registry)).toEqual([`${pid}.json`]);
      expect(existsSync(paths.lock)).toBe(true);

      process.kill(-group, signal);
      await exited(pid);
      expect(readdirSync(registry)).toEqual([]);
      expect(existsSync(paths.lock)).toBe(false);
      expect(existsSync(paths.running)).toBe(false);
    },
  );
});
