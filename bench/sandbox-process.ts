/**
 * A sandbox for a benchmark: `tsx local/sandbox.ts` in a child process, as `npm start` runs it,
 * on a free port and the given state directory, started from the seed. Its output is shown only
 * if it fails to start. (The e2e harness has its own, CommonJS, starter under test/e2e/support.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { projectRoot } from '../lib/project-paths';

const READY = /^Ready in [\d.]+ s: (http:\/\/\S+)$/m;

export interface BenchSandbox {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>/v1` */
  readonly url: string;
  /** Milliseconds from the spawn to the "Ready" line. */
  readonly readyMs: number;
  /** SIGTERM (the sandbox closes its servers and state), SIGKILL after 5 s. */
  stop(): Promise<void>;
}

export async function startBenchSandbox(
  stateDir: string,
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 60_000,
): Promise<BenchSandbox> {
  const bin = path.join(projectRoot, 'node_modules', '.bin');
  const childEnv: NodeJS.ProcessEnv = { ...env, PATH: `${bin}${path.delimiter}${env.PATH ?? ''}` };
  delete childEnv.PORT;
  const spawned = performance.now();
  const child = spawn(
    path.join(bin, 'tsx'),
    ['local/sandbox.ts', '--port', '0', '--state-dir', stateDir, '--reset'],
    { cwd: projectRoot, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = await new Promise<string>((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
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
    child.stdout?.on('data', lookForReady);
  });
  const readyMs = performance.now() - spawned;
  // Keep the pipes drained (a full pipe would block the sandbox); errors stay visible.
  child.stdout?.removeListener('data', collect);
  child.stderr?.removeListener('data', collect);
  child.stdout?.resume();
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return {
    child,
    url,
    readyMs,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
