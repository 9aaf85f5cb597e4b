import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { cacheRoot } from '../seed/pristine-data';

/**
 * The state machine definitions aws-local-stepfunctions has already validated (asl-validator, a
 * JSON Schema compiled on each StateMachine: 0.5 to 1 s a definition here, at every start): a
 * definition is validated once, and a start that meets it again, unchanged and with the same
 * library, skips it. A marker file a definition, named by its hash, beside the seed cache
 * (docs/decisions/sandbox-and-tools.md D99).
 */
const LIBRARY = 'aws-local-stepfunctions';

/** The library's version, from its package.json (which its exports do not name). */
const libraryVersion = () => {
  let dir = path.dirname(createRequire(import.meta.filename).resolve(LIBRARY));
  while (path.basename(dir) !== LIBRARY && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
};

const markerOf = (definition: unknown) =>
  path.join(
    cacheRoot(),
    'validated-definitions',
    createHash('sha256')
      .update(`${LIBRARY} ${libraryVersion()}\n${JSON.stringify(definition)}`)
      .digest('hex')
      .slice(0, 32),
  );

/** Whether this definition was validated before, by this library version. */
export const validatedBefore = (definition: unknown): boolean => existsSync(markerOf(definition));

/** Records that the definition passed validation. */
export function recordValidated(definition: unknown): void {
  const marker = markerOf(definition);
  mkdirSync(path.dirname(marker), { recursive: true });
  writeFileSync(marker, `${new Date().toISOString()}\n`);
}
