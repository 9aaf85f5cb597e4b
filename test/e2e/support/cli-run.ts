import { execFile } from 'node:child_process';
import { projectRoot } from '#lib/project-paths';

/** What a command line tool did: its exit code and what it printed. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliRunOptions {
  /** The whole environment (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** Where it runs (default: the project's root). */
  readonly cwd?: string;
  readonly timeout: number;
}

/** Runs a program (from the project's root unless told) in a child process and resolves with its exit code and output. */
export const runProgram = (
  file: string,
  args: readonly string[],
  { env, cwd = projectRoot, timeout }: CliRunOptions,
): Promise<CliRun> =>
  new Promise((resolve) => {
    execFile(file, [...args], { cwd, env: env ?? process.env, timeout }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

/** `npm run -s <script> -- …`, as an operator (or the deploy workflow) runs one of the project's commands. */
export const npmRun = (script: string, args: readonly string[], options: CliRunOptions): Promise<CliRun> =>
  runProgram('npm', ['run', '-s', script, '--', ...args], options);
