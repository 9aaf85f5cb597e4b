import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import type { LocalQueue } from '#local/queues/local-sqs';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');

export interface QueuesProcess {
  readonly child: ChildProcess;
  readonly endpoint: string;
  readonly batchQueue: LocalQueue;
  readonly deadLetterQueue: LocalQueue;
  readonly released: number;
  /** Closes its stdin: it stops fauxqs (closing the SQLite store) and exits. */
  stop(): Promise<void>;
}

/** Starts queues-child.ts on a state directory and waits for its line. */
export async function startQueuesProcess(
  stateDir: string,
  options: { fresh: boolean },
): Promise<QueuesProcess> {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(__dirname, 'queues-child.ts'), stateDir, ...(options.fresh ? ['fresh'] : [])],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const ready = await new Promise<Omit<QueuesProcess, 'child' | 'stop'>>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`queues-child exited (${code}): ${errors}`)));
  });
  child.removeAllListeners('exit');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ...ready,
    child,
    stop: async () => {
      child.stdin?.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
