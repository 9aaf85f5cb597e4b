/**
 * Small files with one purpose (CONTRIBUTING.md, "Conventions"; docs/decisions/codebase-conventions.md D97):
 * no source file of the tree, tests and scripts included, is over 350 lines. A file the code
 * writes and no one edits is exempt, by name, with what writes it.
 */
import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { treeFiles } from './support/doc-pages';

const MAX_LINES = 350;

/** Generated files: their length is their source's (the document's routes and schemas). */
const GENERATED: Record<string, string> = {
  'clients/typescript/src/commerce-api-types.ts':
    'openapi-typescript from docs/openapi.json (`npm run openapi`)',
};

const CODE = /\.(ts|mts|cts|js|mjs|cjs|sh)$/;

/** Every file of the tree that git keeps or would add: code by its extension, a script by its `#!` (a symlink to a folder is none). */
const sourceFiles = (): string[] =>
  treeFiles
    .filter((file) => statSync(path.join(projectRoot, file)).isFile())
    .filter(
      (file) =>
        CODE.test(file) ||
        (!path.basename(file).includes('.') &&
          readFileSync(path.join(projectRoot, file), 'utf8').startsWith('#!')),
    );

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe(`source files (at most ${MAX_LINES} lines each)`, () => {
  const files = sourceFiles();

  it('are found: the TypeScript of every top folder, jest.config.js and the CI script', () => {
    expect(files.length).toBeGreaterThan(700);
    expect(files).toEqual(expect.arrayContaining(['jest.config.js', '.ci/run', 'bin/sandbox.ts']));
  });

  it(`are each ${MAX_LINES} lines or fewer: a longer one is split into files with one purpose each`, () => {
    const long = files
      .filter((file) => !(file in GENERATED))
      .map((file) => [file, lineCount(readFileSync(path.join(projectRoot, file), 'utf8'))] as const)
      .filter(([, lines]) => lines > MAX_LINES)
      .map(([file, lines]) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('are exempt only when generated, and each exempt file is still there', () => {
    expect(Object.keys(GENERATED).filter((file) => !files.includes(file))).toEqual([]);
  });
});
