/**
 * What the benchmarks share: medians and spreads, number formats, the project's own `node`
 * (node 24, a dev dependency) for child processes, and a sandbox started as `npm start` runs it
 * and left to settle before anything is measured against it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '#lib/project-paths';
import { SANDBOX_FAULTS_ENV } from '#local/faults';
import { functionEnvironment } from '#local/function-env';
import type { RunningSandbox } from '#local/running-sandbox';
import { runningSandbox } from '#local/running-sandbox';
import { type SandboxChild, startSandboxChild, stopSandboxChild } from '#local/sandbox-child';

export const median = (values: readonly number[]): number => {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** `min–max` of the values, each formatted. */
export const spread = (values: readonly number[], format: (n: number) => string): string =>
  `${format(Math.min(...values))}–${format(Math.max(...values))}`;

export const ms = (n: number, digits = 0) => `${n.toFixed(digits)} ms`;
export const count = (n: number) => n.toLocaleString('en-US');
export const KB = 1024;
export const kb = (bytes: number) => `${(bytes / KB).toFixed(bytes < 10 * KB ? 1 : 0)} KB`;

/** The project's node (node_modules/.bin/node, node 24 as on Lambda), whatever the shell's is. */
export const projectNode = path.join(projectRoot, 'node_modules', '.bin', 'node');

/** Runs `node --import tsx <file> ...args` and resolves to the last line of its stdout, parsed. */
export const runTsChild = <T>(
  file: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  nodeOptions: readonly string[] = [],
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const child = spawn(projectNode, [...nodeOptions, '--import', 'tsx', file, ...args], {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0)
        return reject(new Error(`${path.basename(file)} ${args.join(' ')} exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!) as T);
    });
  });

export interface BenchSandbox extends SandboxChild {
  /** What the sandbox wrote to its state directory: endpoints, table, pid of the process itself. */
  readonly running: RunningSandbox;
  stop(): Promise<void>;
}

/** CPU seconds (user + system) a process has used so far, from /proc; undefined where there is none. */
const cpuSeconds = (pid: number): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
};

/**
 * Waits until the process is idle: after "Ready" the sandbox still loads every function's
 * module, which would compete with whatever is measured next. Idle is under 5 % of a core over
 * two 250 ms samples in a row (at most 20 s); without /proc, a fixed 4 s.
 */
export async function waitUntilIdle(pid: number): Promise<void> {
  let last = cpuSeconds(pid);
  if (last === undefined) return void (await sleep(4_000));
  let quiet = 0;
  const until = Date.now() + 20_000;
  while (quiet < 2 && Date.now() < until) {
    await sleep(250);
    const now = cpuSeconds(pid);
    if (now === undefined) return;
    quiet = now - last < 0.0125 ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * A sandbox as `npm start` runs it (local/sandbox-child.ts) in a temporary state directory,
 * without injected faults whatever the shell has, settled (see `waitUntilIdle`); `extraEnv`
 * is added to its environment (e.g. its functions' `LOG_LEVEL`).
 */
export async function startBenchSandbox(
  label: string,
  extraEnv: Readonly<Record<string, string>> = {},
): Promise<BenchSandbox> {
  const stateDir = mkdtempSync(path.join(tmpdir(), `commerce-api-bench-${label}-`));
  const { [SANDBOX_FAULTS_ENV]: _faults, ...shellEnv } = process.env;
  const env = { ...shellEnv, ...extraEnv };
  let sandbox: SandboxChild;
  try {
    sandbox = await startSandboxChild(stateDir, { env });
  } catch (error) {
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    await stopSandboxChild(sandbox.child);
    rmSync(stateDir, { recursive: true, force: true });
  };
  const running = runningSandbox(stateDir) as RunningSandbox | undefined;
  if (!running) {
    await stop();
    throw new Error(`The sandbox in ${stateDir} wrote no sandbox.json`);
  }
  await waitUntilIdle(running.pid);
  return { ...sandbox, running, stop };
}

/**
 * The environment of a child process that runs a catalogue function against a sandbox, as the
 * sandbox gives its functions: its table and catalogue bucket. As applyFunctionEnvironment does,
 * the shell's session or profile is left out (it would only be sent to dynalite).
 */
export const catalogueChildEnvironment = (running: RunningSandbox): NodeJS.ProcessEnv => {
  const { AWS_SESSION_TOKEN: _token, AWS_PROFILE: _profile, ...env } = process.env;
  return {
    ...env,
    ...functionEnvironment(
      {
        dynamoDbEndpoint: running.dynamodbEndpoint,
        tableName: running.tableName,
        s3Endpoint: running.s3Endpoint,
        catalogueBucket: running.catalogueBucket,
      },
      { LOG_LEVEL: 'WARN' },
    ),
    POWERTOOLS_SERVICE_NAME: 'commerce-api',
  };
};
