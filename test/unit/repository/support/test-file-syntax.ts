/**
 * What a test file says about how it runs, read with swc's parser: the names it imports (with
 * where from, under the name exported, whatever it calls them), its `jest.setTimeout` calls, and
 * the timeouts it hands to a test or a hook (`it(name, fn, ms)`, `beforeAll(fn, ms)`).
 */
import { walkSyntax } from './module-graph';

export interface ExplicitTimeout {
  /** `it('…')`, `beforeAll`, … */
  readonly call: string;
  /** In ms; undefined when it is not written as a number (`60_000`, `20 * 60_000`). */
  readonly ms: number | undefined;
}

export interface TestFileSyntax {
  readonly imports: readonly { readonly name: string; readonly from: string }[];
  readonly setTimeoutCalls: number;
  readonly timeouts: readonly ExplicitTimeout[];
  /** The names a module exports (functions, classes, consts). */
  readonly exports: readonly string[];
}

type Node = Record<string, unknown> & { type?: string };

const TESTS = new Set(['it', 'test']);
const HOOKS = new Set(['beforeAll', 'afterAll', 'beforeEach', 'afterEach']);

/** The identifier a callee starts from: `it` for `it`, `it.only`, `it.each(table)`. */
const baseName = (callee: Node | undefined): string | undefined => {
  if (callee?.type === 'Identifier') return callee['value'] as string;
  if (callee?.type === 'MemberExpression') return baseName(callee['object'] as Node);
  if (callee?.type === 'CallExpression') return baseName(callee['callee'] as Node);
  return undefined;
};

const numberOf = (node: Node | undefined): number | undefined => {
  if (node?.type === 'NumericLiteral') return node['value'] as number;
  if (node?.type === 'ParenthesisExpression') return numberOf(node['expression'] as Node);
  if (node?.type === 'BinaryExpression') {
    const [left, right] = [numberOf(node['left'] as Node), numberOf(node['right'] as Node)];
    if (left === undefined || right === undefined) return undefined;
    if (node['operator'] === '*') return left * right;
    if (node['operator'] === '+') return left + right;
  }
  return undefined;
};

const isJestSetTimeout = (callee: Node) =>
  callee.type === 'MemberExpression' &&
  (callee['object'] as Node)['value'] === 'jest' &&
  (callee['property'] as Node)['value'] === 'setTimeout';

export function testFileSyntax(file: string): TestFileSyntax {
  const imports: { name: string; from: string }[] = [];
  const timeouts: ExplicitTimeout[] = [];
  const exports: string[] = [];
  let setTimeoutCalls = 0;
  walkSyntax(file, (n) => {
    if (n.type === 'ImportDeclaration') {
      const from = (n['source'] as { value: string }).value;
      for (const s of n['specifiers'] as Node[]) {
        const imported = (s['imported'] as Node | null) ?? (s['local'] as Node);
        imports.push({ name: imported['value'] as string, from });
      }
    }
    if (n.type === 'ExportDeclaration') {
      const declaration = n['declaration'] as Node;
      const named = declaration['identifier'] as Node | undefined;
      if (named) exports.push(named['value'] as string);
      for (const d of (declaration['declarations'] as Node[] | undefined) ?? [])
        exports.push((d['id'] as Node)['value'] as string);
    }
    if (n.type === 'CallExpression') {
      const callee = n['callee'] as Node;
      const args = (n['arguments'] as { expression: Node }[]).map((a) => a.expression);
      const base = baseName(callee);
      if (isJestSetTimeout(callee)) setTimeoutCalls++;
      else if (base && TESTS.has(base) && args.length > 2)
        timeouts.push({ call: `${base}('${args[0]?.['value'] ?? '…'}')`, ms: numberOf(args[2]) });
      else if (base && HOOKS.has(base) && args.length > 1)
        timeouts.push({ call: base, ms: numberOf(args[1]) });
    }
  });
  return { imports, setTimeoutCalls, timeouts, exports };
}
