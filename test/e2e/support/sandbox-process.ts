import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const READY = /^Ready in [\d.]+ s: (http:\/\/\S+)$/m;

export interface SandboxProcess {
  readonly child: ChildProcess;
  readonly url: string;
  readonly stateDir: string;
}

/**
 * Starts `tsx local/sandbox.ts` on a free port and a fresh state directory and waits for its
 * "Ready" line. The output is shown only when it fails to start (or with SANDBOX_LOG=1), so a
 * green run stays quiet.
 */
export async function startSandboxProcess(stateDir: string, timeoutMs = 60_000): Promise<SandboxProcess> {
  const bin = path.join(ROOT, 'node_modules', '.bin');
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  delete env.PORT;
  const child = spawn(
    path.join(bin, 'tsx'),
    ['local/sandbox.ts', '--port', '0', '--state-dir', stateDir, '--reset'],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.SANDBOX_LOG) process.stderr.write(chunk);
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
    child.once('exit', (code, signal) => fail(`it exited (${signal ?? `code ${code}`})`));
    child.once('error', (error) => fail(error.message));
    child.stdout?.on('data', () => {
      const ready = READY.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(ready[1]!);
    });
  });
  // After Ready, keep the pipes drained so the child never blocks on a full pipe.
  output = '';
  child.stdout?.removeListener('data', collect);
  child.stderr?.removeListener('data', collect);
  child.stdout?.on('data', (chunk: Buffer) => process.env.SANDBOX_LOG && process.stderr.write(chunk));
  // Function errors (500s) are worth seeing next to the failing test.
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return { child, url, stateDir };
}

/** SIGTERM (the sandbox closes dynalite and its lock), SIGKILL if it takes more than 5 s. */
export async function stopSandboxProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
