/**
 * One set of conventions (docs/decisions/codebase-conventions.md D83): a relative import stays
 * inside its top folder, and anything beyond it is named by the folder's package.json alias
 * (`#functions/*`, `#lib/*`, … and `#commons/*` for functions/commons); every file's name is its own
 * across the tree, so a name in a stack trace, a log line or a doc points at one file.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { readImports, TOP_FOLDERS, topFolder } from './support/module-graph';

const { imports } = readImports(TOP_FOLDERS);
const inCommons = (file: string) => file.startsWith('functions/commons/');

describe('imports between the top folders', () => {
  it('are aliases: a relative import never leaves its top folder', () => {
    const leaving = imports.filter(
      ({ from, specifier, to }) => specifier.startsWith('.') && topFolder(from) !== topFolder(to),
    );
    expect(leaving.map(({ from, specifier }) => `${from}: ${specifier}`)).toEqual([]);
  });

  it('reach functions/commons/ as #commons/* from outside it, never by a relative path or #functions/commons', () => {
    const other = imports.filter(
      ({ from, specifier, to }) => inCommons(to) && !inCommons(from) && !specifier.startsWith('#commons/'),
    );
    expect(other.map(({ from, specifier }) => `${from}: ${specifier}`)).toEqual([]);
  });

  it('use only the aliases package.json declares, each mapped to its folder', () => {
    const declared = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).imports;
    expect(declared).toEqual({
      '#commons/*': './functions/commons/*.ts',
      ...Object.fromEntries(TOP_FOLDERS.map((folder) => [`#${folder}/*`, `./${folder}/*.ts`])),
    });
    const unknown = imports.filter(
      ({ specifier }) => specifier.startsWith('#') && !(`${specifier.split('/')[0]}/*` in declared),
    );
    expect(unknown.map(({ from, specifier }) => `${from}: ${specifier}`)).toEqual([]);
  });
});

describe('file names', () => {
  it('are used once across the tree (TypeScript and JavaScript files)', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: projectRoot,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.(ts|js|mjs)$/.test(file));
    const byName = new Map<string, string[]>();
    for (const file of files)
      byName.set(path.basename(file), [...(byName.get(path.basename(file)) ?? []), file]);
    const repeated = [...byName.values()].filter((paths) => paths.length > 1);
    expect(repeated.map((paths) => paths.join(' = '))).toEqual([]);
    expect(files.length).toBeGreaterThan(600);
  });
});
