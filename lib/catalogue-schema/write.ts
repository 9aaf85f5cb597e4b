/** Writes docs/catalogue.schema.json and docs/catalogue-stock.schema.json, formatted as Biome wants them. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { projectRoot } from '../project-paths';
import { catalogueSchemaFiles, schemaText } from './schema-files';

for (const { file, schema } of catalogueSchemaFiles) writeFileSync(file, schemaText(schema));
const files = catalogueSchemaFiles.map(({ file }) => file);
execFileSync(path.join(projectRoot, 'node_modules', '.bin', 'biome'), ['format', '--write', ...files], {
  stdio: 'inherit',
});
for (const file of files) console.log(`Wrote ${path.relative(process.cwd(), file)}`);
