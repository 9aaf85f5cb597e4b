/**
 * The repository's modules and what each imports, read with swc's parser (already here for jest):
 * static imports and re-exports, `import type`, `import('…')`, `typeof import('…')` and
 * `jest.mock('…')`. Shared by the tests that hold the house's shape and its conventions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseSync } from '@swc/core';
import { projectRoot } from '#lib/project-paths';

/** The top folders that hold TypeScript, each with its package.json alias `#<folder>/*`. */
export const TOP_FOLDERS = ['functions', 'lib', 'local', 'cli', 'bin', 'bench', 'test', 'examples'] as const;

export const topFolder = (file: string) => file.split('/')[0]!;

export const tsFiles = (dir: string): string[] =>
  readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [file] : [];
  });

type SyntaxNode = Record<string, unknown> & { type?: string };

/**
 * Calls `visit` on every node of a file's syntax tree (swc's parser), depth first: the one walk
 * the repository tests that read code share.
 */
export function walkSyntax(file: string, visit: (node: SyntaxNode) => void): void {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    visit(node as SyntaxNode);
    for (const [key, value] of Object.entries(node)) if (key !== 'span') walk(value);
  };
  walk(parseSync(readFileSync(path.join(projectRoot, file), 'utf8'), { syntax: 'typescript' }).body);
}

/** Every module specifier a file names, found anywhere in its syntax tree. */
export function specifiers(file: string): string[] {
  const found: string[] = [];
  walkSyntax(file, (n) => {
    const source = n['source'] as { value?: string } | undefined;
    if (
      /^(ImportDeclaration|ExportAllDeclaration|ExportNamedDeclaration)$/.test(n.type ?? '') &&
      source?.value
    )
      found.push(source.value);
    if (n.type === 'CallExpression') {
      const callee = n['callee'] as {
        type?: string;
        object?: { value?: string };
        property?: { value?: string };
      };
      const isJestMock =
        callee.type === 'MemberExpression' &&
        callee.object?.value === 'jest' &&
        /^(mock|doMock|requireActual|unmock)$/.test(callee.property?.value ?? '');
      if (callee.type === 'Import' || isJestMock) {
        const arg = (n['arguments'] as { expression: { type: string; value?: string } }[])[0]?.expression;
        if (arg?.type === 'StringLiteral' && arg.value) found.push(arg.value);
      }
    }
    if (n.type === 'TsImportType') found.push((n['argument'] as { value: string }).value);
  });
  return found;
}

/** The repository path a specifier reaches (with `.ts` where the file is TypeScript); undefined: a package. */
export function resolve(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  let target: string;
  const alias = /^#(\w+)\/(.*)$/.exec(specifier);
  if (alias) target = alias[1] === 'commons' ? `functions/commons/${alias[2]}` : `${alias[1]}/${alias[2]}`;
  else if (specifier.startsWith('.'))
    target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return undefined;
  return [`${target}.ts`, `${target}/index.ts`].find((file) => known.has(file)) ?? target;
}

export interface ModuleImport {
  readonly from: string;
  /** What the file wrote. */
  readonly specifier: string;
  /** The repository path it reaches. */
  readonly to: string;
}

/** Every import between the repository's own files, in the given top folders. */
export function readImports(folders: readonly string[]): { files: string[]; imports: ModuleImport[] } {
  const files = folders.flatMap(tsFiles);
  const known = new Set(files);
  const imports = files.flatMap((from) =>
    specifiers(from).flatMap((specifier) => {
      const to = resolve(from, specifier, known);
      return to === undefined ? [] : [{ from, specifier, to }];
    }),
  );
  return { files, imports };
}
