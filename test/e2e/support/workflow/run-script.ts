import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Runs a step's `run:` as a GitHub runner on Linux does: the script written to a file and run by
 * the step's shell, `bash -e {0}` when none is named, `bash --noprofile --norc -eo pipefail {0}`
 * for `shell: bash`, `sh -e {0}` for `sh`, or a custom `… {0}` command line.
 */

const NAMED_SHELLS: Record<string, string> = {
  '': 'bash -e {0}',
  bash: 'bash --noprofile --norc -eo pipefail {0}',
  sh: 'sh -e {0}',
};

export interface ScriptResult {
  readonly exitCode: number | null;
  /** stdout and stderr as they came. */
  readonly output: string;
  readonly timedOut: boolean;
}

export interface ScriptOptions {
  readonly shell?: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Where the script file goes (the runner's temporary directory). */
  readonly tempDir: string;
  readonly timeoutMs: number;
}

let scripts = 0;

export const runScript = (script: string, options: ScriptOptions): Promise<ScriptResult> => {
  const file = path.join(options.tempDir, `step-${++scripts}.sh`);
  writeFileSync(file, script);
  const shell = options.shell ?? '';
  const template = NAMED_SHELLS[shell] ?? (shell.includes('{0}') ? shell : `${shell} {0}`);
  const [command = 'bash', ...args] = template.split(/\s+/).map((word) => (word === '{0}' ? file : word));
  return new Promise((resolve) => {
    // Its own process group, so a timeout also stops what the script started (a sandbox, a synth).
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, options.timeoutMs);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, output: Buffer.concat(chunks).toString('utf8'), timedOut });
    });
  });
};
