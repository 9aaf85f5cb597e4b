/**
 * Writes stages/stage.schema.json, the editors' copy of the stage file's schema (lib/stage-file.ts),
 * formatted as Biome wants it: `npx tsx lib/stage-schema-write.ts`. A unit test fails when the
 * committed copy is stale.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from './project-paths';
import { schemaText } from './published-schemas/schema-files';
import { STAGE_SCHEMA_FILE, stageJsonSchema } from './stage-file';

writeFileSync(STAGE_SCHEMA_FILE, schemaText(stageJsonSchema()));
execFileSync(
  path.join(projectRoot, 'node_modules', '.bin', 'biome'),
  ['format', '--write', STAGE_SCHEMA_FILE],
  {
    stdio: 'inherit',
  },
);
console.log(`Wrote ${path.relative(process.cwd(), STAGE_SCHEMA_FILE)}`);
