/**
 * A sandbox in a child process, as `npm start` runs it (`node --import tsx bin/sandbox.ts`), on a free port
 * and the given state directory, started from the seed (or, for a restart, from what is there): what the e2e tests and the benchmarks
 * run against. Its output is shown only when it fails to start (or, with `SANDBOX_LOG=1`,
 * always), so a green run stays quiet; its errors stay visible after start.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';

const READY = /^Ready in [\d.]+ s: (http:\/\/\S+)$/m;

export interface SandboxChild {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>/v1` */
  readonly url: string;
  readonly stateDir: string;
  /** Milliseconds from the spawn to the "Ready" line. */
  readonly readyMs: number;
  /** What it printed up to its "Ready" line: the seed cache's progress, the banner. */
  readonly startOutput: string;
}

export async function startSandboxChild(
  stateDir: string,
  {
    env = process.env,
    timeoutMs = 60_000,
    reset = true,
    npmStart = false,
  }: {
    env?: NodeJS.ProcessEnv;
    timeoutMs?: number;
    /** Start from the seed (`--reset`); false keeps the state directory's data, as a restart does. */
    reset?: boolean;
    /** Through `npm start`, in a process group of its own that npm leads (`kill -- -<child.pid>` stops it all). */
    npmStart?: boolean;
  } = {},
): Promise<SandboxChild> {
  const bin = path.join(projectRoot, 'node_modules', '.bin');
  const childEnv: NodeJS.ProcessEnv = { ...env, PATH: `${bin}${path.delimiter}${env.PATH ?? ''}` };
  delete childEnv.PORT;
  const echo = Boolean(env.SANDBOX_LOG);
  const spawned = performance.now();
  const options = ['--port', '0', '--state-dir', stateDir, ...(reset ? ['--reset'] : [])];
  // As `npm start` runs it, not through tsx's command, whose parent process SIGKILLs a child that
  // takes 60 ms to answer a signal (docs/decisions/sandbox-and-tools.md D96).
  const [command, args] = npmStart
    ? ['npm', ['start', '--', ...options]]
    : [path.join(bin, 'node'), ['--import', 'tsx', 'bin/sandbox.ts', ...options]];
  const child: ChildProcess = spawn(command, args, {
    cwd: projectRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: npmStart,
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (echo) process.stderr.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = await new Promise<string>((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      if (npmStart) process.kill(-child.pid!, 'SIGKILL');
      else child.kill('SIGKILL');
      reject(new Error(`The sandbox did not start: ${reason}\n--- sandbox output ---\n${output}`));
    };
    const timer = setTimeout(() => fail(`no "Ready" line within ${timeoutMs / 1000} s`), timeoutMs);
    const exited = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`it exited (${signal ?? `code ${code}`})`);
    const lookForReady = () => {
      const ready = READY.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      child.off('exit', exited);
      child.stdout?.off('data', lookForReady);
      resolve(ready[1]!);
    };
    child.once('exit', exited);
    child.once('error', (error) => fail(error.message));
    child.stdout?.on('data', lookForReady);
  });
  const readyMs = performance.now() - spawned;
  // Keep the pipes drained (a full pipe would block the sandbox); function errors stay visible.
  child.stdout?.removeListener('data', collect);
  child.stderr?.removeListener('data', collect);
  child.stdout?.on('data', (chunk: Buffer) => echo && process.stderr.write(chunk));
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return { child, url, stateDir, readyMs, startOutput: output };
}

/** SIGTERM (the sandbox closes its servers and its lock), SIGKILL if it takes more than 5 s. */
export async function stopSandboxChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
