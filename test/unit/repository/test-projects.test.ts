/**
 * The jest projects (docs/decisions/codebase-conventions.md D85) as Jest resolves jest.config.js:
 * every test file in exactly one project; the e2e files that start a sandbox or a program of
 * their own in e2e-slow, and only those, so `--selectProjects e2e` stays the shared-sandbox loop;
 * and the time a test may take set by its project, not by its file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { type JestProject, jestProjects } from './support/jest-projects';
import { tsFiles } from './support/module-graph';
import { testFileSyntax } from './support/test-file-syntax';

/** What starts a sandbox or runs a program, and the module that exports it. */
const STARTERS: Record<string, string> = {
  startBatchSandbox: 'test/e2e/support/batches.ts',
  startSandboxProcess: 'test/e2e/support/sandbox-process.ts',
  startSandboxChild: 'local/sandbox-child.ts',
  npmRun: 'test/e2e/support/cli-run.ts',
  runProgram: 'test/e2e/support/cli-run.ts',
  runScript: 'test/e2e/support/workflow/run-script.ts',
  runOffline: 'test/e2e/support/workflow/workflow-run.ts',
};
const CHILD_PROCESS = /^(node:)?child_process$/;

/** Where the project's timeout is applied: the one file that may call jest.setTimeout. */
const TIMEOUT_SETUP = 'test/support/project-test-timeout.ts';

const testFiles = tsFiles('test').filter((file) => file.endsWith('.test.ts'));
const e2eFiles = testFiles.filter((file) => file.startsWith('test/e2e/'));

/** What in a file starts a sandbox or a program: the starters it imports, and child_process. */
const startersIn = (file: string) =>
  testFileSyntax(file)
    .imports.filter(({ name, from }) => name in STARTERS || CHILD_PROCESS.test(from))
    .map(({ name, from }) => (name in STARTERS ? name : from));

let projects: JestProject[];
beforeAll(async () => {
  projects = await jestProjects();
});
const projectsOf = (file: string) => projects.filter((p) => p.files.includes(file)).map((p) => p.name);

describe('the jest projects', () => {
  it('are unit, infra, e2e and e2e-slow, each applying its own test timeout', () => {
    expect(projects.map((p) => p.name)).toEqual(['unit', 'infra', 'e2e', 'e2e-slow']);
    for (const p of projects) {
      expect([p.name, p.testTimeout > 0]).toEqual([p.name, true]);
      expect([p.name, p.appliedTimeout]).toEqual([p.name, p.testTimeout]);
    }
  });

  it('hold every test file of the tree exactly once, each e2e file in e2e or e2e-slow', () => {
    expect(testFiles.filter((file) => projectsOf(file).length !== 1)).toEqual([]);
    expect(projects.flatMap((p) => p.files).sort()).toEqual([...testFiles].sort());
    expect(e2eFiles.filter((file) => !['e2e', 'e2e-slow'].includes(projectsOf(file)[0] ?? ''))).toEqual([]);
  });

  it('put in e2e-slow the e2e files that start a sandbox or a program of their own, and only those', () => {
    const misplaced = e2eFiles.flatMap((file) => {
      const starts = startersIn(file);
      const belongs = starts.length > 0 ? 'e2e-slow' : 'e2e';
      const why = starts.length > 0 ? `it calls ${[...new Set(starts)].join(', ')}` : 'it starts nothing';
      return projectsOf(file)[0] === belongs ? [] : [`${file} belongs in ${belongs} (${why}): see E2E_SLOW`];
    });
    expect(misplaced).toEqual([]);
    expect(projects.find((p) => p.name === 'e2e-slow')?.files.length).toBeGreaterThan(0);
  });

  it('know where each starter of a sandbox or a program is exported, so a rename cannot hide one', () => {
    const missing = Object.entries(STARTERS).filter(
      ([name, module]) => !testFileSyntax(module).exports.includes(name),
    );
    expect(missing).toEqual([]);
  });
});

describe('the time a test may take', () => {
  it('is never set by a test file with jest.setTimeout', () => {
    const calling = tsFiles('test').filter(
      (file) => file !== TIMEOUT_SETUP && testFileSyntax(file).setTimeoutCalls > 0,
    );
    expect(calling).toEqual([]);
  });

  it('is given to one test or hook only where it needs more than its project gives, as a number', () => {
    const timeoutOf = new Map(projects.map((p) => [p.name, p.testTimeout]));
    const needless = testFiles.flatMap((file) => {
      const allowed = timeoutOf.get(projectsOf(file)[0] ?? '') ?? Number.NaN;
      return testFileSyntax(file)
        .timeouts.filter(({ ms }) => ms === undefined || !(ms > allowed))
        .map(
          ({ call, ms }) =>
            `${file}: ${call} asks for ${ms ?? 'a time not written as a number'}, its project gives ${allowed} ms`,
        );
    });
    expect(needless).toEqual([]);
  });

  it('and the number of workers are left to jest.config.js by every script, workflow and CI step', () => {
    const workflows = path.join(projectRoot, '.github', 'workflows');
    const texts: [string, string][] = [
      [
        'package.json',
        JSON.stringify(JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).scripts),
      ],
      ['.ci/run', readFileSync(path.join(projectRoot, '.ci', 'run'), 'utf8')],
      ...readdirSync(workflows).map((file): [string, string] => [
        `.github/workflows/${file}`,
        readFileSync(path.join(workflows, file), 'utf8'),
      ]),
    ];
    const overriding = texts.filter(([, text]) =>
      /--(maxWorkers|runInBand|testTimeout)\b|\bjest\b[^\n]* -[wi]\b/.test(text),
    );
    expect(overriding.map(([file]) => file)).toEqual([]);
  });
});
