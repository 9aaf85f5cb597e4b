/**
 * The typed client as its users get it (docs/calling-from-typescript.md, "Install"): packed by
 * npm (its `prepack` builds dist/), installed from the tarball into a fresh project with no
 * registry (`--offline` and an empty cache: its dependency comes as a tarball packed from this
 * repository's node_modules), then built by the tools users have. Used by
 * test/e2e/client-package.test.ts.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { type CliRun, runProgram } from './cli-run';

export const CLIENT_DIR = path.join(projectRoot, 'clients', 'typescript');
const CONSUMERS_DIR = path.join(projectRoot, 'test', 'e2e', 'client-consumers');
const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);

/**
 * What the consumers are built and run with: this repository's Node 24 (`node`, as a user runs a
 * program), TypeScript 7 and esbuild, and the client's own TypeScript 5.9.
 */
export const TOOLS = {
  node: bin('node'),
  tsc7: bin('tsc'),
  tsc5: path.join(CLIENT_DIR, 'node_modules', '.bin', 'tsc'),
  esbuild: bin('esbuild'),
} as const;

/** What `npm pack --json` says it packed. */
export interface Packed {
  readonly name: string;
  /** The tarball's path. */
  readonly filename: string;
  /** The tarball's size in bytes. */
  readonly size: number;
  readonly unpackedSize: number;
  readonly files: readonly { readonly path: string; readonly size: number }[];
}

const succeeded = (what: string, run: CliRun): CliRun => {
  if (run.code !== 0) throw new Error(`${what} failed (exit ${run.code}):\n${run.stderr}\n${run.stdout}`);
  return run;
};

/** Runs a program in `cwd` and throws, with its output, unless it exits 0. */
export const mustRun = async (
  file: string,
  args: readonly string[],
  options: { readonly cwd: string; readonly env?: NodeJS.ProcessEnv; readonly timeout?: number },
): Promise<CliRun> =>
  succeeded(
    `${path.basename(file)} ${args.join(' ')}`,
    await runProgram(file, args, { timeout: 120_000, ...options }),
  );

/**
 * `npm pack` of a package folder into `destination`. The client is packed from its own folder,
 * its `prepack` script included; an installed dependency without its scripts (a copy of what the
 * registry served).
 */
export async function npmPack(
  folder: string,
  destination: string,
  { scripts }: { readonly scripts: boolean },
): Promise<Packed> {
  const args = ['pack', '--json', '--pack-destination', destination];
  const run = scripts
    ? await mustRun('npm', args, { cwd: folder })
    : await mustRun('npm', [...args, '--ignore-scripts', folder], { cwd: destination });
  const [packed] = JSON.parse(run.stdout) as Packed[];
  return { ...packed!, filename: path.join(destination, packed!.filename) };
}

/** The packages packed from this repository's node_modules, for the consumers to install offline. */
export const packInstalled = (names: readonly string[], destination: string): Promise<Packed[]> =>
  Promise.all(
    names.map((name) =>
      npmPack(path.join(projectRoot, 'node_modules', name), destination, { scripts: false }),
    ),
  );

export interface ConsumerSetup {
  /** package.json's `type` (none: CommonJS). */
  readonly type?: 'module';
  /** Files of test/e2e/client-consumers/ copied in. */
  readonly files: readonly string[];
  /** Written as the project's tsconfig.json, when given. */
  readonly tsconfig?: object;
  /** What `npm install` installs: the client's tarball and those of its dependencies. */
  readonly tarballs: readonly Packed[];
  /** An npm cache of the test's own, empty at first: nothing comes from the user's. */
  readonly npmCache: string;
}

/** A fresh project in `dir` that depends on the tarballs, installed with no registry. */
export async function consumerProject(dir: string, setup: ConsumerSetup): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const dependencies = Object.fromEntries(
    setup.tarballs.map(({ name, filename }) => [name, `file:${filename}`]),
  );
  const manifest = { name: path.basename(dir), private: true, ...(setup.type ? { type: setup.type } : {}) };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ ...manifest, dependencies }, null, 2));
  if (setup.tsconfig) writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(setup.tsconfig, null, 2));
  for (const file of setup.files) copyFileSync(path.join(CONSUMERS_DIR, file), path.join(dir, file));
  await mustRun('npm', ['install', '--offline', '--no-audit', '--no-fund', '--cache', setup.npmCache], {
    cwd: dir,
  });
}
