/**
 * The TypeScript client's types (clients/typescript/), generated from the OpenAPI document by
 * openapi-typescript: `npm run openapi` writes them after docs/openapi.json, and a unit test
 * fails while the committed file differs from a fresh generation
 * (docs/decisions/api-contract.md D89).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../project-paths';

const CLIENT_PACKAGE = path.join(projectRoot, 'clients', 'typescript');

/** Where the generated types are committed; the client imports them as `./commerce-api-types`. */
export const CLIENT_TYPES_FILE = path.join(CLIENT_PACKAGE, 'src', 'commerce-api-types.ts');

/**
 * openapi-typescript prints its types with TypeScript 5's compiler API, its peer dependency, which
 * the root's TypeScript 7 does not have: both are dev dependencies of the client's package, which
 * npm installs beside it (D89). Its command line runs from there, in a process of its own (its
 * ES modules load as they are, where Jest's CommonJS would refuse them), with no Redocly
 * configuration to find in that folder.
 */
const cli = () => {
  const manifest = createRequire(path.join(CLIENT_PACKAGE, 'package.json')).resolve(
    'openapi-typescript/package.json',
  );
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return path.join(path.dirname(manifest), bin['openapi-typescript']!);
};

/** The client's types for the OpenAPI document in `documentFile`, as openapi-typescript prints them. */
export async function clientTypesText(documentFile: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [cli(), documentFile], {
    cwd: CLIENT_PACKAGE,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}
