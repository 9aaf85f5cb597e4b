/**
 * A clone holds only this repository, so nothing in it may send a reader to a file outside it:
 * the design is in docs/architecture.md and docs/decisions/, the API's rules in docs/api.md. The patterns are built
 * from pieces so that this file does not match itself.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { citations, definedOn } from './support/decision-records';

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

  it('names only files of the tree that exist (a comment or a page cannot point at a moved file)', () => {
    // Files a path may name without their being in the tree: what `npm run bench` writes, and the
    // stage file a reader is shown how to make.
    const made = new Set(['bench/results.json', 'stages/alice.json']);
    const missing = new Set<string>();
    const inTree = new Set(tracked());
    for (const file of textFiles()) {
      const text = readFileSync(path.join(projectRoot, file), 'utf8');
      const cited =
        /(?<![\w./#-])((?:functions|lib|local|cli|bin|bench|test|stages|events|examples)\/[\w./-]*\.(?:ts|json|md|js|mjs))\b/g;
      for (const [, named] of text.matchAll(cited)) {
        // A git-ignored file (bench/results.json after a bench run) is not in a clone: it counts as missing.
        if (!made.has(named!) && !inTree.has(named!)) missing.add(`${file} → ${named}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  // A decision keeps its number forever (docs/decisions/index.md): a citation names its page and
  // numbers, and the page holds each, so a reader following a comment lands on the right text.
  const DECISIONS = path.join(projectRoot, 'docs', 'decisions');

  it('defines each decision once, numbered without a gap, and lists every one in the index', () => {
    const numbers = [...definedOn.keys()].map((d) => Number(d.slice(1))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(
      [...definedOn].filter(([, on]) => on.length > 1).map(([d, on]) => `${d}: ${on.join(', ')}`),
    ).toEqual([]);
    const index = readFileSync(path.join(DECISIONS, 'index.md'), 'utf8');
    const unlisted = [...definedOn].filter(
      ([d, [page]]) => !new RegExp(`^\\| \\[${d}\\] \\|.*\\(${page}\\)`, 'm').test(index),
    );
    expect(unlisted.map(([d, [page]]) => `${d} (${page})`)).toEqual([]);
  });

  it('cites a decision on the page that holds it (`docs/decisions/<page>.md Dnn, Dnn–Dnn`, every number of the list)', () => {
    const wrong = new Set<string>();
    let cited = 0;
    for (const file of textFiles()) {
      for (const { page, numbers, text } of citations(readFileSync(path.join(projectRoot, file), 'utf8'))) {
        cited += numbers.length;
        const elsewhere = numbers.filter((d) => !definedOn.get(d)?.includes(page));
        if (elsewhere.length > 0)
          wrong.add(
            `${file}: "${text}": ${elsewhere.map((d) => `${d} is on ${definedOn.get(d)?.join(', ') ?? 'no page'}`).join('; ')}`,
          );
      }
    }
    expect([...wrong]).toEqual([]);
    expect(cited).toBeGreaterThan(400);
  });
});
