/**
 * A clone holds only this repository, so nothing in it may send a reader to a file outside it:
 * the design and the API's rules are in docs/design.md and docs/api.md. The patterns are built
 * from pieces so that this file does not match itself.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';

const tracked = (): string[] =>
  execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: projectRoot,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && existsSync(path.join(projectRoot, file)));

const TEXT = /\.(ts|js|mjs|cjs|json|md|ya?ml|sh)$|(^|\/)(run|\.gitignore)$/;
const textFiles = () => tracked().filter((file) => TEXT.test(file) && file !== 'package-lock.json');

const OUTSIDE = [
  ['..', '/shared/'].join(''),
  ['DESIGN', '.md'].join(''),
  ['DEVELOPERS', '.md'].join(''),
  ['service', '-spec'].join(''),
];

describe('the repository explains itself', () => {
  it('names no file outside it (the briefing it was built from is not part of a clone)', () => {
    const found = textFiles().flatMap((file) =>
      readFileSync(path.join(projectRoot, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          OUTSIDE.some((p) => line.includes(p)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('has the documents its files point at (docs/…)', () => {
    const missing = new Set<string>();
    for (const file of textFiles()) {
      const text = readFileSync(path.join(projectRoot, file), 'utf8');
      for (const [, cited] of text.matchAll(/\bdocs\/([\w./-]+\.(?:md|json))/g)) {
        if (!existsSync(path.join(projectRoot, 'docs', cited!))) missing.add(`${file} → docs/${cited}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('cites design decisions by a number docs/design.md defines', () => {
    const design = readFileSync(path.join(projectRoot, 'docs', 'design.md'), 'utf8');
    const defined = new Set([...design.matchAll(/^#+ .*?\b(D\d+)\b/gm)].map(([, d]) => d));
    const cited = new Set<string>();
    for (const file of textFiles()) {
      const text = readFileSync(path.join(projectRoot, file), 'utf8');
      for (const [, d] of text.matchAll(/docs\/design\.md (D\d+)/g)) cited.add(d!);
    }
    expect([...cited].filter((d) => !defined.has(d))).toEqual([]);
  });
});
