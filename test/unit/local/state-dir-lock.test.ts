/**
 * The state directory's lock (docs/decisions/sandbox-and-tools.md D96): it names its process by
 * pid and start time, so it refuses only while that very process runs; a lock whose pid another
 * process now has (a `sleep` here), of the older bare-pid format, or of a process that is gone
 * is taken over; and the lock, sandbox.json and the registry's entry go when the process exits,
 * however it reaches `process.exit`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { processStart, thisProcess } from '#local/process-identity';
import { lockStateDir, StateDirBusyError, statePaths } from '#local/state-dir';

/** A process id that is not running: beyond Linux's largest. */
const DEAD_PID = 4_194_305;

let root: string;
let stateDir: string;
let lock: string;
const children: ChildProcess[] = [];

/** A live process that is not a sandbox. */
const unrelated = async () => {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return child.pid!;
};

/** Runs `code` in a child node (tsx, the repository's aliases), the registry moved to `registry`. */
const inChild = (code: string, registry: string) =>
  spawn(
    path.join(projectRoot, 'node_modules', '.bin', 'node'),
    ['--import', 'tsx', '--input-type=module', '-e', code],
    {
      cwd: projectRoot,
      env: { ...process.env, SANDBOX_REGISTRY_DIR: registry },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'state-dir-lock-'));
  stateDir = path.join(root, 'state');
  lock = statePaths(stateDir).lock;
  mkdirSync(stateDir);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

describe('lockStateDir', () => {
  it('names this process in the lock, by pid, start time and command, and removes it on release', () => {
    const release = lockStateDir(stateDir);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toEqual({
      ...thisProcess(),
      command: process.argv.slice(1).join(' '),
    });
    release();
    expect(readdirSync(stateDir)).toEqual([]);
  });

  it('refuses while the process the lock names runs, and says which', async () => {
    const pid = await unrelated();
    writeFileSync(
      lock,
      JSON.stringify({ pid, started: processStart(pid), command: 'bin/sandbox.ts --port 0' }),
    );
    expect(() => lockStateDir(stateDir)).toThrow(StateDirBusyError);
    expect(() => lockStateDir(stateDir)).toThrow(
      `Another process (pid ${pid}: bin/sandbox.ts --port 0) is using`,
    );
  });

  it('takes over a lock whose pid another process now has: a live, unrelated one', async () => {
    const pid = await unrelated();
    writeFileSync(
      lock,
      JSON.stringify({ pid, started: `${processStart(pid)}-before`, command: 'bin/sandbox.ts' }),
    );
    const release = lockStateDir(stateDir);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject(thisProcess());
    release();
  });

  it('takes over a lock of the older format, a bare pid, though that pid is alive', async () => {
    writeFileSync(lock, String(await unrelated()));
    const release = lockStateDir(stateDir);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject(thisProcess());
    release();
  });

  it('takes over a lock left by a process that no longer exists', () => {
    writeFileSync(lock, JSON.stringify({ pid: DEAD_PID, started: 'boot:1', command: 'bin/sandbox.ts' }));
    const release = lockStateDir(stateDir);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject(thisProcess());
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it('goes, with sandbox.json and the registry entry, when the process exits without releasing it', async () => {
    const registry = path.join(root, 'registry');
    const child = inChild(
      `const { lockStateDir } = await import('#local/state-dir');
       const { writeRunningSandbox } = await import('#local/running-sandbox');
       lockStateDir(${JSON.stringify(stateDir)});
       writeRunningSandbox(${JSON.stringify(stateDir)}, { url: 'http://127.0.0.1:1/v1', pid: process.pid });
       console.log(JSON.stringify([...(await import('node:fs')).readdirSync(${JSON.stringify(registry)})]));
       process.exit(3);`,
      registry,
    );
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(3);
    expect(JSON.parse(out)).toEqual([`${child.pid}.json`]);
    expect(readdirSync(registry)).toEqual([]);
    expect(readdirSync(stateDir)).toEqual([]);
  });

  it('is taken over after its process was killed (SIGKILL, which nothing can release on)', async () => {
    const child = inChild(
      `const { lockStateDir } = await import('#local/state-dir');
       lockStateDir(${JSON.stringify(stateDir)});
       console.log('locked');
       setInterval(() => {}, 1000);`,
      path.join(root, 'registry'),
    );
    children.push(child);
    await once(child.stdout!, 'data');
    expect(() => lockStateDir(stateDir)).toThrow(StateDirBusyError);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(existsSync(lock)).toBe(true);
    const release = lockStateDir(stateDir);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject(thisProcess());
    release();
  });
});
