/**
 * No file of the tree reaches itself through its imports (CONTRIBUTING.md, "Conventions";
 * docs/decisions/codebase-conventions.md D97): every TypeScript file of the top folders, tests
 * and examples included, and of clients/. Type imports count: a cycle of types still ties its
 * files together (neither can be read, moved or published without the other), and a later value
 * import along it makes it a cycle at run time. Imports are read by support/module-graph.ts.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { importCycles } from './support/import-cycles';
import { readImports, resolve, TOP_FOLDERS } from './support/module-graph';

const FOLDERS = [...TOP_FOLDERS, 'clients'];
const { files, imports } = readImports(FOLDERS);
const known = new Set(files);

/** `import type … from '…'` and `export type … from '…'`, as written. */
const TYPE_IMPORT = /^\s*(?:import|export)\s+type\s+(?:\{[^}]*\}|\*\s+as\s+\w+|\w+)\s+from\s+'([^']+)'/gm;

describe(`the imports of ${FOLDERS.join('/, ')}/`, () => {
  it('are read with their type imports: each `import type` of a file of the tree is an arrow of the graph', () => {
    const arrows = new Set(imports.map(({ from, to }) => `${from} → ${to}`));
    const typeImports = files.flatMap((from) =>
      [...readFileSync(path.join(projectRoot, from), 'utf8').matchAll(TYPE_IMPORT)].flatMap(
        ([, specifier]) => {
          const to = resolve(from, specifier!, known);
          return to !== undefined && known.has(to) ? [`${from} → ${to}`] : [];
        },
      ),
    );
    expect(typeImports.length).toBeGreaterThan(100);
    expect(typeImports.filter((arrow) => !arrows.has(arrow))).toEqual([]);
    expect(files.some((file) => file.startsWith('clients/'))).toBe(true);
  });

  it('are searched for cycles by a finder that names every file of a cycle and the imports closing it', () => {
    const cycles = importCycles(
      ['a.ts', 'b.ts', 'c.ts', 'd.ts', 'e.ts'],
      [
        { from: 'a.ts', to: 'b.ts' },
        { from: 'b.ts', to: 'c.ts' },
        { from: 'c.ts', to: 'a.ts' },
        { from: 'c.ts', to: 'd.ts' },
        { from: 'e.ts', to: 'e.ts' },
        { from: 'd.ts', to: 'lodash' },
      ],
    );
    expect(cycles).toEqual([
      { files: ['a.ts', 'b.ts', 'c.ts'], imports: ['a.ts → b.ts', 'b.ts → c.ts', 'c.ts → a.ts'] },
      { files: ['e.ts'], imports: ['e.ts → e.ts'] },
    ]);
  });

  it('form no cycle between files, type imports included', () => {
    const cycles = importCycles(files, imports).map(
      (cycle) => `${cycle.files.join(' ↔ ')} (the imports between them: ${cycle.imports.join(', ')})`,
    );
    expect(cycles).toEqual([]);
  });
});
