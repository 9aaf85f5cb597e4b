/**
 * The package's build, run by npm as its `prepare` script: by `npm pack` and `npm publish`, by
 * `npm install <folder>`, and by the repository's `npm ci` (it is a workspace). Writes dist/ from
 * src/ with the package's own TypeScript, 5.9 (the root's 7 type-checks the sources;
 * docs/decisions/api-contract.md D95): dist/esm (ES modules) and dist/cjs (CommonJS), each with its
 * declarations and source maps (the sources inlined: src/ is not in the tarball). dist/ is
 * removed first, so a module renamed in src/ leaves no stale copy to be packed. The generated
 * types are declarations only: their empty module (`export {}`) and its map, 91 KB of inlined
 * source per build that nothing loads, are removed; their .d.ts stays.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compile = (config) =>
  execFileSync(process.execPath, [tsc, '-p', join(here, config)], { stdio: 'inherit' });

rmSync(join(here, 'dist'), { recursive: true, force: true });
compile('tsconfig.json');
compile('tsconfig.cjs.json');
for (const build of ['esm', 'cjs'])
  for (const file of ['commerce-api-types.js', 'commerce-api-types.js.map'])
    rmSync(join(here, 'dist', build, file));
// The package is "type": "module": this marks dist/cjs's .js files (and .d.ts) as CommonJS.
writeFileSync(join(here, 'dist', 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
