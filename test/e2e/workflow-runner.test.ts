/**
 * The workflow runner of the deploy workflow's test (support/workflow/) plays GitHub where it
 * matters: the shells' error modes, a step that fails stops its job and the jobs that need it,
 * the `if:` of jobs, and the package step checked against the packages the tests need. The
 * example workflow is the one issue 20 found: prod's synth in the test job, before dev's deploy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runScript } from './support/workflow/run-script';
import { packageStepProblem } from './support/workflow/step-checks';
import { pushToMain } from './support/workflow/workflow-events';
import { parseWorkflow } from './support/workflow/workflow-file';
import { jobsRunBy, runOffline } from './support/workflow/workflow-run';

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'commerce-api-workflow-runner-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const exitOf = async (script: string, shell?: string) =>
  (await runScript(script, { shell, cwd: root, env: process.env, tempDir: root, timeoutMs: 10_000 }))
    .exitCode;

it("runs a script with GitHub's shells: bash -e without pipefail by default, with it for shell: bash", async () => {
  expect(await exitOf('false\necho not reached')).toBe(1);
  expect(await exitOf('false | true')).toBe(0);
  expect(await exitOf('false | true', 'bash')).toBe(1);
  expect(await exitOf('echo "$0" | grep -q "\\.sh$"', 'sh')).toBe(0);
});

it('checks a package step against the commands test/support/debian-packages.ts needs', () => {
  expect(packageStepProblem('sudo apt-get install -y poppler-utils chromium')).toBeUndefined();
  expect(packageStepProblem('sudo apt-get install -y poppler-utils\ncommand -v chromium')).toBeUndefined();
  expect(packageStepProblem('sudo apt-get install -y --no-install-recommends poppler-utils')).toBe(
    'gives the tests no chromium (install chromium, or check it is there)',
  );
  expect(packageStepProblem('sudo apt-get install -y poppler-utils chromium imagemagick')).toBe(
    'installs imagemagick, which test/support/debian-packages.ts does not name',
  );
});

const issue20Workflow = parseWorkflow(
  `on:
  push:
    branches: [main]
jobs:
  test:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1
      - run: npm ci
      - run: npx cdk synth -c stage=prod -q
      - run: echo never
  deploy-dev:
    if: github.event_name == 'push' && github.ref == 'refs/heads/main'
    needs: test
    runs-on: ubuntu-24.04
    steps:
      - run: echo deploying
`,
  'issue-20.yml',
);

it("fails the test job of issue 20's workflow at prod's synth, so dev is never deployed", async () => {
  expect(jobsRunBy(issue20Workflow, pushToMain)).toEqual(['test', 'deploy-dev']);
  const outcomes = await runOffline(issue20Workflow, [pushToMain], root);
  const test = outcomes.get('test');
  expect(test?.steps.map((s) => [s.label, s.status])).toEqual([
    ['actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1', 'passed'],
    ['npm ci', 'passed'],
    ['npx cdk synth -c stage=prod -q', 'failed'],
    ['echo never', 'skipped'],
  ]);
  expect(test?.detail).toContain(
    'Stage prod is protected, so its stack is pinned to one AWS account and region',
  );
  expect([outcomes.get('deploy-dev')?.status, outcomes.get('deploy-dev')?.detail]).toEqual([
    'not reached',
    'test did not pass',
  ]);
});
