/**
 * The jest projects as Jest itself resolves jest.config.js (`jest --showConfig`, `jest
 * --listTests`), so a test of them checks what `npm test` runs, not a copy of the config.
 */
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '#lib/project-paths';

export interface JestProject {
  readonly name: string;
  /** The time a test or hook of the project may take, in ms (its `testTimeout`). */
  readonly testTimeout: number;
  /** What test/support/project-test-timeout.ts applies (Jest 30 ignores a project's testTimeout). */
  readonly appliedTimeout: unknown;
  /** Its test files, relative to the project root. */
  readonly files: readonly string[];
}

const runJest = async (...args: string[]): Promise<unknown> => {
  const bin = path.join(projectRoot, 'node_modules', '.bin', 'jest');
  const { stdout } = await promisify(execFile)(bin, args, { cwd: projectRoot, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout);
};

interface ShownConfig {
  readonly configs: readonly {
    readonly displayName?: { readonly name: string };
    readonly testTimeout?: number;
    readonly globals: Record<string, unknown>;
  }[];
}

/** Every project of jest.config.js with its timeout and files, in the config's order. */
export async function jestProjects(): Promise<JestProject[]> {
  const { configs } = (await runJest('--showConfig')) as ShownConfig;
  return Promise.all(
    configs.map(async (config) => {
      const name = config.displayName?.name ?? '';
      const files = (await runJest('--listTests', '--json', '--selectProjects', name)) as string[];
      return {
        name,
        testTimeout: config.testTimeout ?? Number.NaN,
        appliedTimeout: config.globals['PROJECT_TEST_TIMEOUT'],
        files: files.map((file) => path.relative(projectRoot, file).split(path.sep).join('/')).sort(),
      };
    }),
  );
}
