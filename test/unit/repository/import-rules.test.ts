/**
 * The house's shape, drawn from its imports: the arrows between the top folders run one way,
 * no code imports from docs/ (what docs/ publishes is written from the code), and functions/ is
 * entered by its front door only; that no file reaches itself through its imports is held over
 * the whole tree by import-cycles.test.ts. Imports are read by support/module-graph.ts.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { readImports, topFolder } from './support/module-graph';

/**
 * The top folders, highest first: a folder imports only from the folders after it. bin/ (every
 * entry point) and bench/ stand side by side at the top and import neither each other.
 */
const LAYERS = [['bin', 'bench'], ['cli'], ['local'], ['lib'], ['functions']];
const rank = new Map(LAYERS.flatMap((folders, i) => folders.map((folder) => [folder, i] as const)));

const { files, imports: allImports } = readImports(['functions', 'lib', 'local', 'cli', 'bin', 'bench']);
const graph = new Map(files.map((file) => [file, [] as string[]]));
for (const { from, to } of allImports) if (!graph.get(from)!.includes(to)) graph.get(from)!.push(to);

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
});

/**
 * What the folders above functions/ may import from it (docs/decisions/codebase-conventions.md D82):
 * the route table, the function registry and functions/contracts/, the front door. Everything else
 * of functions/ is its own to change. Tests may import internals: they test them.
 */
const FRONT_DOOR = /^functions\/(routes\.ts|function-registry\.ts|contracts\/.+)$/;
const OUTSIDE = new Set(['lib', 'local', 'cli', 'bench', 'bin']);

describe('the front door of functions/', () => {
  it('is the only way in from lib/, local/, cli/, bench/ and bin/: routes.ts, function-registry.ts, contracts/', () => {
    const throughTheWall = allImports.filter(
      ({ from, to }) => OUTSIDE.has(topFolder(from)) && topFolder(to) === 'functions' && !FRONT_DOOR.test(to),
    );
    expect([...new Set(throughTheWall.map(({ from, to }) => `${from} → ${to}`))]).toEqual([]);
  });

  it('leads into functions/ only: functions/contracts/ imports nothing of the other folders', () => {
    const outward = allImports.filter(
      ({ from, to }) => from.startsWith('functions/contracts/') && topFolder(to) !== 'functions',
    );
    expect([...new Set(outward.map(({ from, to }) => `${from} → ${to}`))]).toEqual([]);
  });

  it("is not a way round inside functions/: its code imports a door's sources, never the door", () => {
    // A door re-exports several modules; imported by a function, it would bring their top-level
    // set-up (SDK clients) into that function's bundle.
    const doors = new Set(
      files.filter(
        (file) =>
          file.startsWith('functions/contracts/') &&
          /^export .* from '/m.test(readFileSync(path.join(projectRoot, file), 'utf8')),
      ),
    );
    const throughADoor = allImports.filter(
      ({ from, to }) =>
        topFolder(from) === 'functions' && !from.startsWith('functions/contracts/') && doors.has(to),
    );
    expect([...new Set(throughADoor.map(({ from, to }) => `${from} → ${to}`))]).toEqual([]);
  });

  it('lists what it lets through by name: no `export *` in functions/contracts/', () => {
    const doors = files.filter((file) => file.startsWith('functions/contracts/'));
    expect(doors.length).toBeGreaterThan(0);
    const wildcards = doors.filter((file) =>
      /^\s*export\s+\*/m.test(readFileSync(path.join(projectRoot, file), 'utf8')),
    );
    expect(wildcards).toEqual([]);
  });
});
