/**
 * The house's shape, drawn from its imports: the arrows between the top folders run one way,
 * no file reaches itself through its imports, and no code imports from docs/ (what docs/ publishes
 * is written from the code). Imports are read with swc's parser (already here for jest): static
 * imports and re-exports, `import type`, `import('…')` and `typeof import('…')`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseSync } from '@swc/core';
import { projectRoot } from '../../../lib/project-paths';

/**
 * The top folders, highest first: a folder imports only from the folders after it. bin/ (every
 * entry point) and bench/ stand side by side at the top and import neither each other.
 */
const LAYERS = [['bin', 'bench'], ['cli'], ['local'], ['lib'], ['functions']];
const rank = new Map(LAYERS.flatMap((folders, i) => folders.map((folder) => [folder, i] as const)));
const topFolder = (file: string) => file.split('/')[0]!;

const tsFiles = (dir: string): string[] =>
  readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [file] : [];
  });

/** Every module specifier a file names, found anywhere in its syntax tree. */
function specifiers(file: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const n = node as Record<string, unknown> & { type?: string };
    const source = n['source'] as { value?: string } | undefined;
    if (
      /^(ImportDeclaration|ExportAllDeclaration|ExportNamedDeclaration)$/.test(n.type ?? '') &&
      source?.value
    )
      found.push(source.value);
    if (n.type === 'CallExpression' && (n['callee'] as { type?: string }).type === 'Import') {
      const arg = (n['arguments'] as { expression: { type: string; value?: string } }[])[0]?.expression;
      if (arg?.type === 'StringLiteral' && arg.value) found.push(arg.value);
    }
    if (n.type === 'TsImportType') found.push((n['argument'] as { value: string }).value);
    for (const [key, value] of Object.entries(n)) if (key !== 'span') visit(value);
  };
  visit(parseSync(readFileSync(path.join(projectRoot, file), 'utf8'), { syntax: 'typescript' }).body);
  return found;
}

/** The repository path a specifier reaches (with `.ts` where the file is TypeScript); undefined: a package. */
function resolve(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  let target: string;
  if (specifier.startsWith('#commons/')) target = `functions/commons/${specifier.slice('#commons/'.length)}`;
  else if (specifier.startsWith('.'))
    target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return undefined;
  return [`${target}.ts`, `${target}/index.ts`].find((file) => known.has(file)) ?? target;
}

const files = ['functions', 'lib', 'local', 'cli', 'bin', 'bench'].flatMap(tsFiles);
const known = new Set(files);
const graph = new Map(
  files.map((file) => [file, [...new Set(specifiers(file).flatMap((s) => resolve(file, s, known) ?? []))]]),
);

/** Strongly connected components of more than one file (Tarjan), each as a cycle's files. */
function cycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of (graph.get(file) ?? []).filter((f) => known.has(f))) {
      if (!index.has(next)) connect(next);
      if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)!.includes(file)) found.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return found;
}

describe('the imports of functions/, lib/, local/, cli/, bin/ and bench/', () => {
  const imports = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

  it('are read (a sanity check on the reader: the route table is imported, #commons/* resolves)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(imports.some(({ to }) => to === 'functions/routes.ts')).toBe(true);
    expect(imports.some(({ to }) => to === 'functions/commons/logger.ts')).toBe(true);
  });

  it('never reach docs/ (docs/ publishes what the code holds, written from it)', () => {
    expect(
      imports.filter(({ to }) => topFolder(to) === 'docs').map(({ from, to }) => `${from} → ${to}`),
    ).toEqual([]);
  });

  it(`run down the layers only: ${LAYERS.map((folders) => folders.join(' | ')).join(' → ')}`, () => {
    const upward = imports.filter(({ from, to }) => {
      const [a, b] = [topFolder(from), topFolder(to)];
      return a !== b && rank.has(b) && rank.get(b)! <= rank.get(a)!;
    });
    expect(upward.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('form no cycle between files', () => {
    expect(cycles().map((cycle) => cycle.join(' ↔ '))).toEqual([]);
  });
});
